import { conflict, unauthenticated } from "@rebound/platform";
import { profileChanged } from "../domain/user-events";
import { expiresAt, VERIFICATION_TTL_MS } from "../domain/tokens";
import { normalizeEmail, toUserView, type UserView } from "../domain/user";
import type { ProfileInput } from "../http/request-schemas";
import type { IdentityContext } from "../identity-context";
import { verificationEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";
import { EMAIL_TAKEN, type UserChanges } from "../store/user.repository";

/** Name and e-mail; a new e-mail is unverified until its owner clicks the link sent to it. */
export async function updateProfile(ctx: IdentityContext, userId: string, input: ProfileInput): Promise<UserView> {
  const user = await ctx.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  const email = normalizeEmail(input.email);
  const emailChanged = email !== user.email;
  if (!emailChanged && input.firstName === user.firstName && input.lastName === user.lastName) return toUserView(user);
  if (emailChanged && (await ctx.users.findByEmail(email))) throw conflict(EMAIL_TAKEN);

  const now = ctx.clock.now();
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
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await ctx.users.update(tx, user.id, changes);
    tx.append("UserProfileChanged", row.id, profileChanged(row, now));
    return row;
  });
  if (verification) {
    ctx.mail.sendInBackground(verificationEmail(updated.email, updated.firstName, ctx.links.verifyEmail(verification.token)));
  }
  return toUserView(updated);
}
