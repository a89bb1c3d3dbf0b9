import { AppError, badRequest } from "@rebound/platform";
import { emailVerified, profileChanged } from "../domain/user-events";
import { isExpired } from "../domain/tokens";
import type { IdentityDeps } from "../identity-deps";
import { hashToken } from "../security/tokens";

export const VERIFICATION_EXPIRED = "Your verification link has expired. Please request a new one.";
export const VERIFICATION_INVALID = "This verification link is invalid or has already been used.";

/** Marks the e-mail verified; the token is cleared, so a link works once. */
export async function verifyEmail(deps: IdentityDeps, token: string): Promise<{ message: string }> {
  const tokenHash = hashToken(token);
  const user = await deps.users.findByVerificationToken(tokenHash);
  if (!user) throw badRequest(VERIFICATION_INVALID);
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
