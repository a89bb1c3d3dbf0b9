import { badRequest, conflict, unauthenticated } from "@rebound/platform";
import { profileChanged } from "../domain/user-events";
import { expiresAt, VERIFICATION_TTL_MS } from "../domain/tokens";
import { normalizeEmail, toUserView, type UserView } from "../domain/user";
import type { ProfileInput } from "./update-profile.schema";
import type { IdentityDeps } from "../identity-deps";
import { emailChangedNotice, verificationEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";
import { EMAIL_TAKEN, type UserChanges } from "../store/user.repository";

/**
 * Name and e-mail; a new e-mail is unverified until its owner clicks the link sent to it. Changing
 * the e-mail needs the current password and sends a notice to the old address (issue 16). A repeat
 * of a change that already happened (parallel submits) is not a conflict with the user's own account.
 */
export async function updateProfile(deps: IdentityDeps, userId: string, input: ProfileInput): Promise<UserView> {
  const user = await deps.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  const email = normalizeEmail(input.email);
  const holder = email !== user.email ? await deps.users.findByEmail(email) : null;
  if (holder && holder.id !== user.id) throw conflict(EMAIL_TAKEN);
  // holder is this user: a concurrent request already made this change.
  const emailChanged = email !== user.email && !holder;
  if (!emailChanged && input.firstName === user.firstName && input.lastName === user.lastName) return toUserView(holder ?? user);
  if (emailChanged) {
    if (!input.currentPassword) throw badRequest("Please enter your current password to change your email");
    if (!(await deps.hasher.verify(user.passwordHash, input.currentPassword))) throw badRequest("Current password is incorrect");
  }

  const now = deps.clock.now();
  const changes: UserChanges = { firstName: input.firstName, lastName: input.lastName };
  const verification = emailChanged ? issueToken() : undefined;
  if (verification) {
    Object.assign(changes, {
      email,
      isEmailVerified: false,
      emailVerificationToken: verification.hash,
      emailVerificationExpires: expiresAt(now, VERIFICATION_TTL_MS),
      // A reset link sent to the old address must not work any more.
      passwordResetToken: null,
      passwordResetExpires: null,
    } satisfies UserChanges);
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = await deps.users.update(tx, user.id, changes);
    tx.append("UserProfileChanged", row.id, profileChanged(row, now));
    return row;
  });
  if (verification) {
    deps.mail.sendInBackground(verificationEmail(updated.email, updated.firstName, deps.links.verifyEmail(verification.token)));
    deps.mail.sendInBackground(emailChangedNotice(user.email, user.firstName, updated.email, deps.links.forgotPassword()));
  }
  return toUserView(updated);
}
