import { badRequest, unauthenticated } from "@rebound/platform";
import { expiresAt, isExpired, VERIFICATION_TTL_MS } from "../domain/tokens";
import type { IdentityDeps } from "../identity-deps";
import { emailChangeVerificationEmail, verificationEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";

/**
 * A new 24-hour link replaces the previous one (only the latest link works). An unverified account
 * with a pending e-mail change (typically a sign-up address with a typo, corrected in settings) gets
 * the link for the new address: following it switches the address and verifies the account, while
 * a link to the old one would verify an address the owner is leaving.
 */
export async function resendVerification(deps: IdentityDeps, userId: string): Promise<{ message: string }> {
  const user = await deps.users.findById(userId);
  if (!user) throw unauthenticated();
  if (user.isEmailVerified) throw badRequest("Your email is already verified.");
  const verification = issueToken();
  const now = deps.clock.now();
  const expires = expiresAt(now, VERIFICATION_TTL_MS);
  const pendingEmail = user.pendingEmail && !isExpired(user.pendingEmailExpires, now) ? user.pendingEmail : undefined;
  await deps.db.transaction((tx) =>
    deps.users.update(
      tx,
      user.id,
      pendingEmail
        ? { pendingEmailToken: verification.hash, pendingEmailExpires: expires }
        : { emailVerificationToken: verification.hash, emailVerificationExpires: expires },
    ),
  );
  const link = deps.links.verifyEmail(verification.token);
  deps.mail.sendInBackground(
    pendingEmail ? emailChangeVerificationEmail(pendingEmail, user.firstName, user.email, link) : verificationEmail(user.email, user.firstName, link),
  );
  return { message: "Verification email sent. Please check your inbox." };
}
