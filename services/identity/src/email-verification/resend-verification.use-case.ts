import { badRequest, unauthenticated } from "@rebound/platform";
import { expiresAt, VERIFICATION_TTL_MS } from "../domain/tokens";
import type { IdentityDeps } from "../identity-deps";
import { verificationEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";

/** A new 24-hour link replaces the previous one (only the latest link works). */
export async function resendVerification(deps: IdentityDeps, userId: string): Promise<{ message: string }> {
  const user = await deps.users.findById(userId);
  if (!user) throw unauthenticated();
  if (user.isEmailVerified) throw badRequest("Your email is already verified.");
  const verification = issueToken();
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    deps.users.update(tx, user.id, {
      emailVerificationToken: verification.hash,
      emailVerificationExpires: expiresAt(now, VERIFICATION_TTL_MS),
    }),
  );
  deps.mail.sendInBackground(verificationEmail(user.email, user.firstName, deps.links.verifyEmail(verification.token)));
  return { message: "Verification email sent. Please check your inbox." };
}
