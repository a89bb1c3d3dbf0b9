import { badRequest, conflict, unauthenticated } from "@rebound/platform";
import { profileChanged } from "../domain/user-events";
import { expiresAt, isExpired, VERIFICATION_TTL_MS } from "../domain/tokens";
import { normalizeEmail, type UserRecord, type UserView } from "../domain/user";
import type { ProfileInput } from "@rebound/contracts/domain";
import type { IdentityDeps } from "../identity-deps";
import { emailChangedNotice, emailChangeVerificationEmail } from "../mail/identity-emails";
import { userView } from "../read-model/user-view";
import { issueToken } from "../security/tokens";
import { EMAIL_TAKEN, type UserChanges } from "../store/user.repository";

/** A repeat of the same e-mail change within this window is the same request (double or parallel submits): no new link. */
export const EMAIL_CHANGE_REPEAT_MS = 60_000;

/**
 * Name and e-mail. A new e-mail is only requested here (issue 16): it needs the current password,
 * the account keeps its e-mail (login, current user) until the link sent to the new address is
 * followed (verify-email), and the current address gets a notice. Repeats of a pending change
 * within a minute send nothing new; later ones send a fresh link that replaces the previous one.
 */
export async function updateProfile(deps: IdentityDeps, userId: string, input: ProfileInput): Promise<UserView> {
  const user = await deps.users.findById(userId);
  if (!user?.isActive) throw unauthenticated();
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  const nameChanges: UserChanges =
    input.firstName === user.firstName && input.lastName === user.lastName ? {} : { firstName: input.firstName, lastName: input.lastName };
  const emailRequested = email !== user.email && !isRepeatOfPendingChange(user, email, now);
  if (emailRequested) {
    if (await deps.users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
    if (!input.currentPassword) throw badRequest("Please enter your current password to change your email");
    if (!(await deps.hasher.verify(user.passwordHash, input.currentPassword))) throw badRequest("Current password is incorrect");
  }
  if (!emailRequested && Object.keys(nameChanges).length === 0) return userView(deps, user);

  const verification = emailRequested ? issueToken() : undefined;
  const pending: UserChanges = verification
    ? { pendingEmail: email, pendingEmailToken: verification.hash, pendingEmailExpires: expiresAt(now, VERIFICATION_TTL_MS) }
    : {};
  const result = await deps.db.transaction(async (tx) => {
    let row: UserRecord | null = null;
    let linkIssued = false;
    if (verification) {
      // Only over the pending change this request read: of parallel identical requests, one sends the link.
      row = await deps.users.updateIfToken(tx, user.id, "pendingEmailToken", user.pendingEmailToken, { ...nameChanges, ...pending });
      linkIssued = row !== null;
      if (!row) {
        const current = await deps.users.findByIdIn(tx, user.id);
        linkIssued = !(current && isRepeatOfPendingChange(current, email, now)); // else the latest request wins
      }
    }
    row ??= await deps.users.update(tx, user.id, linkIssued ? { ...nameChanges, ...pending } : nameChanges);
    if (Object.keys(nameChanges).length > 0) tx.append("UserProfileChanged", row.id, profileChanged(row, now));
    return { row, linkIssued };
  });
  if (verification && result.linkIssued) {
    deps.mail.sendInBackground(emailChangeVerificationEmail(email, user.firstName, user.email, deps.links.verifyEmail(verification.token)));
    deps.mail.sendInBackground(emailChangedNotice(user.email, user.firstName, email, deps.links.forgotPassword()));
  }
  return userView(deps, result.row);
}

function isRepeatOfPendingChange(user: UserRecord, email: string, now: Date): boolean {
  if (user.pendingEmail !== email || isExpired(user.pendingEmailExpires, now)) return false;
  const requestedAt = (user.pendingEmailExpires as Date).getTime() - VERIFICATION_TTL_MS;
  return now.getTime() - requestedAt < EMAIL_CHANGE_REPEAT_MS;
}
