import type { RegisterInput } from "@rebound/contracts/domain";
import { AppError, retry } from "@rebound/platform";
import type { BillingDeps } from "../billing-deps";
import type { RegisteredUser } from "../identity/identity-client";
import { abandonSignup } from "./abandon-signup.use-case";
import { confirmSignup } from "./confirm-signup.use-case";
import { startSignup, type SignupStarted } from "./start-signup.use-case";

/** A confirm that failed for a passing reason (the database, the provider's re-read) is tried again; an AppError is final. */
const CONFIRM_RETRY = {
  maxAttempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 1_000,
  shouldRetry: (error: unknown) => !(error instanceof AppError),
};

/**
 * Sign-up (docs/product.md section 4), the saga's one owner (docs/decisions.md, "One owner for the
 * sign-up saga"): a sign-up is a payment that creates an account.
 *
 * With a payment method: the $1 trial fee first (startSignup: customer, card, trial subscription;
 * a refused card throws PaymentDeclinedError and leaves nothing anywhere), then identity creates
 * the account, then the sign-up is confirmed (SubscriptionChanged, the receipt). When identity
 * refuses (e-mail taken, invalid, unreachable) the payment this call started is undone here
 * (abandonSignup: subscription ended, fee refunded, customer deleted) and identity's answer is
 * thrown as it came. A sign-up a retried registration found (same e-mail and card) is left to the
 * call that started it, which confirms or undoes it, and to the abandoned-sign-up job after a crash:
 * undoing it here would take the payment of a concurrent, successful, double-submitted sign-up.
 *
 * Without a payment method identity alone creates the account (no subscription; the owner checks
 * out later), still through here, so every sign-up has the one path.
 */
export async function signUp(deps: BillingDeps, registration: RegisterInput, requestId?: string): Promise<RegisteredUser> {
  const { paymentMethodId } = registration;
  if (!paymentMethodId) return deps.identity.register(registration, requestId);

  const signup = await startSignup(deps, { ...registration, paymentMethodId });
  let user: RegisteredUser;
  try {
    user = await deps.identity.register(registration, requestId);
  } catch (error) {
    await compensate(deps, signup);
    throw error;
  }
  // The account exists now, so a confirm that still fails does not fail the sign-up: the user is
  // signed in, and the abandoned-sign-up job undoes the unconfirmed payment after
  // ABANDONED_SIGNUP_MINUTES, leaving the account as a sign-up without a payment method leaves it.
  await retry(() => confirmSignup(deps, signup.signupId, user.id), CONFIRM_RETRY).catch((error: unknown) =>
    deps.logger.error({ err: error, signupId: signup.signupId, userId: user.id }, "sign-up not confirmed; the abandoned-sign-up job will undo its payment"),
  );
  return user;
}

/** Identity did not create the account: the payment this call started goes (refund, customer deleted). */
async function compensate(deps: BillingDeps, signup: SignupStarted): Promise<void> {
  if (!signup.created) return;
  await abandonSignup(deps, signup.signupId).catch((error: unknown) =>
    // The job undoes sign-ups left pending; nothing is lost.
    deps.logger.warn({ err: error, signupId: signup.signupId }, "sign-up not undone now; the abandoned-sign-up job will"),
  );
}
