import { AppError, badRequest, conflict } from "@rebound/platform";
import { emailVerified, profileChanged } from "../domain/user-events";
import { isExpired } from "../domain/tokens";
import type { IdentityDeps } from "../identity-deps";
import { hashToken } from "../security/tokens";
import { EMAIL_TAKEN } from "../store/user.repository";

export const VERIFICATION_EXPIRED = "Your verification link has expired. Please request a new one.";
export const VERIFICATION_INVALID = "This verification link is invalid or has already been used.";

/**
 * Marks the e-mail verified; the token is cleared, so a link works once. The link of a requested
 * e-mail change (update-profile) moves the account to the new address here, if it is still free.
 */
export async function verifyEmail(deps: IdentityDeps, token: string): Promise<{ message: string }> {
  const tokenHash = hashToken(token);
  const user = await deps.users.findByVerificationToken(tokenHash);
  if (!user) return confirmEmailChange(deps, tokenHash);
  const now = deps.clock.now();
  if (isExpired(user.emailVerificationExpires, now)) throw new AppError("GONE", VERIFICATION_EXPIRED);
  const verified = await deps.db.transaction(async (tx) => {
    const updated = await deps.users.updateIfToken(tx, user.id, "emailVerificationToken", tokenHash, {
      isEmailVerified: true,
      emailVerificationToken: null,
      emailVerificationExpires: null,
    });
    if (!updated) return false;
    tx.append("EmailVerified", updated.id, emailVerified(updated, now));
    tx.append("UserProfileChanged", updated.id, profileChanged(updated, now));
    return true;
  });
  if (!verified) throw badRequest(VERIFICATION_INVALID);
  return { message: "Your email has been verified." };
}

/** The new address of a requested change is verified: it becomes the account's e-mail (login, sessions, current user). */
async function confirmEmailChange(deps: IdentityDeps, tokenHash: string): Promise<{ message: string }> {
  const user = await deps.users.findByPendingEmailToken(tokenHash);
  if (!user?.pendingEmail) throw badRequest(VERIFICATION_INVALID);
  const now = deps.clock.now();
  if (isExpired(user.pendingEmailExpires, now)) throw new AppError("GONE", VERIFICATION_EXPIRED);
  // Someone may have taken the address since the change was requested (the index also guards a race).
  if (await deps.users.findByEmail(user.pendingEmail)) throw conflict(EMAIL_TAKEN);
  const changed = await deps.db.transaction(async (tx) => {
    const updated = await deps.users.updateIfToken(tx, user.id, "pendingEmailToken", tokenHash, {
      email: user.pendingEmail as string,
      isEmailVerified: true,
      pendingEmail: null,
      pendingEmailToken: null,
      pendingEmailExpires: null,
      // Links sent to the previous address stop working.
      emailVerificationToken: null,
      emailVerificationExpires: null,
      passwordResetToken: null,
      passwordResetExpires: null,
    });
    if (!updated) return false;
    tx.append("EmailVerified", updated.id, emailVerified(updated, now));
    tx.append("UserProfileChanged", updated.id, profileChanged(updated, now));
    return true;
  });
  if (!changed) throw badRequest(VERIFICATION_INVALID);
  return { message: "Your email has been verified." };
}
