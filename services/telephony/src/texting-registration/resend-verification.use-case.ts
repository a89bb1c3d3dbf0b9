import { AppError } from "@rebound/platform";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import type { TextingRegistrationView } from "@rebound/contracts/domain";
import type { TelephonyDeps } from "../telephony-deps";
import { findTextingAccount } from "./ensure-texting-account.use-case";
import { viewOf } from "./get-texting-registration.use-case";

/** One new verification text per registration in this long. */
export const VERIFICATION_RESEND_INTERVAL_MS = 10 * 60_000;
export const NOT_WAITING_FOR_VERIFICATION_MESSAGE = "Your texting registration is not waiting for your confirmation.";

/**
 * POST /api/texting-registration/verify: asks the provider to text the owner's mobile again (Twilio:
 * SmsOtp); the owner confirms by replying YES. Only while the registration needs verification, at
 * most once per 10 minutes.
 */
export async function resendVerification(deps: TelephonyDeps, userId: string): Promise<TextingRegistrationView> {
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  const registration = businessId ? await deps.textingRegistrations.findLatest(undefined, businessId) : null;
  if (!businessId || !registration || registration.status !== "needs_verification" || !registration.sids.brand) {
    throw new AppError("CONFLICT", NOT_WAITING_FOR_VERIFICATION_MESSAGE);
  }
  const now = deps.clock.now();
  const last = registration.verificationSentAt?.getTime();
  if (last !== undefined && now.getTime() - last < VERIFICATION_RESEND_INTERVAL_MS) {
    const retryAfterSeconds = Math.ceil((last + VERIFICATION_RESEND_INTERVAL_MS - now.getTime()) / 1000);
    throw new AppError("RATE_LIMITED", "A verification text was sent a few minutes ago. Please wait before asking for another.", { retryAfterSeconds });
  }
  const account = await findTextingAccount(deps, businessId);
  if (!deps.registration || !account) throw new AppError("CONFLICT", NOT_WAITING_FOR_VERIFICATION_MESSAGE);
  try {
    await deps.registration.resendBrandVerification(account, registration.sids.brand);
  } catch (error) {
    if (!(error instanceof TelephonyProviderError)) throw error;
    deps.logger.warn({ err: error, businessId }, "verification text could not be sent again");
    throw new AppError("UPSTREAM_FAILED", "We could not send a new verification text. Please try again.", { cause: error });
  }
  const saved = await deps.db.transaction((tx) => deps.textingRegistrations.update(tx, registration.id, { verificationSentAt: now }, now));
  return viewOf(deps, businessId, saved);
}
