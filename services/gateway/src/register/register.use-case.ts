import { AppError, parseInput, retry } from "@rebound/platform";
import type { GatewayDeps } from "../gateway-deps";
import type { IdentityUser } from "../identity/identity-client";
import { registerSchema } from "@rebound/contracts/domain";

/** A confirm the billing service could not take now (unreachable, 5xx) is tried again; a 4xx is final. */
const CONFIRM_RETRY = {
  maxAttempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 1_000,
  shouldRetry: (error: unknown) => !(error instanceof AppError) || error.httpStatus >= 500,
};

/**
 * Sign-up (docs/product.md section 4), the saga's one owner (docs/decisions.md, "One owner for the sign-up
 * saga"): the card was confirmed in the browser; billing charges the $1 trial fee before the
 * account exists, so a refused card (PaymentDeclined, from billing's client) leaves no account,
 * business or customer. Then identity creates the account, and this confirms the sign-up (billing's
 * only confirm path) or, when identity refuses, abandons it (customer deleted, fee refunded).
 * Without a payment method identity alone signs up.
 */
export async function register(deps: GatewayDeps, body: unknown, requestId?: string): Promise<IdentityUser> {
  const hasPayment = typeof body === "object" && body !== null && "paymentMethodId" in body && Boolean(body.paymentMethodId);
  let signupId: string | undefined;
  if (hasPayment) {
    // The same validation identity applies, first: bad input never reaches the card.
    const input = parseInput(registerSchema, body);
    ({ signupId } = await deps.billing.startSignup(
      {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        subscriptionPlan: input.subscriptionPlan,
        billingFrequency: input.billingFrequency,
        paymentMethodId: input.paymentMethodId ?? "",
      },
      requestId,
    ));
  }
  let user: IdentityUser;
  try {
    user = await deps.identity.register(body, requestId);
  } catch (error) {
    if (signupId) {
      await deps.billing.abandonSignup(signupId, requestId).catch((abandonError: unknown) =>
        // billing's job undoes sign-ups left pending; nothing is lost.
        deps.logger.warn({ err: abandonError, signupId }, "sign-up not undone now; billing's job will"),
      );
    }
    throw error;
  }
  if (signupId) {
    const id = signupId;
    // The account exists now, so a confirm that still fails does not fail the sign-up: the user is
    // signed in, and billing's job undoes the unconfirmed payment after ABANDONED_SIGNUP_MINUTES,
    // leaving the account as a sign-up without a payment method leaves it (no subscription).
    await retry(() => deps.billing.confirmSignup(id, user.id, requestId), CONFIRM_RETRY).catch((confirmError: unknown) =>
      deps.logger.error({ err: confirmError, signupId, userId: user.id }, "sign-up not confirmed; billing's job will undo its payment"),
    );
  }
  return user;
}
