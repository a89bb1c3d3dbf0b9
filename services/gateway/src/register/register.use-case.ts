import { parseInput } from "@rebound/platform";
import type { GatewayDeps } from "../gateway-deps";
import type { IdentityUser } from "../identity/identity-client";
import { registerSchema } from "./register.schema";

/**
 * Sign-up (spec section 4): the card was confirmed in the browser; billing charges the $1 trial
 * fee before the account exists, so a refused card (PaymentDeclined, from billing's client)
 * leaves no account, business or customer. Without a payment method identity alone signs up.
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
    // UserRegistered confirms it too, should this call fail.
    await deps.billing.confirmSignup(signupId, user.id, requestId).catch((confirmError: unknown) =>
      deps.logger.warn({ err: confirmError, signupId, userId: user.id }, "sign-up confirmation deferred to UserRegistered"),
    );
  }
  return user;
}
