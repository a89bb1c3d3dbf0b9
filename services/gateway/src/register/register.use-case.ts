import { parseInput } from "@rebound/platform";
import { registerSchema } from "@rebound/contracts/domain";
import type { GatewayDeps } from "../gateway-deps";
import type { IdentityUser } from "../identity/identity-client";

/**
 * Sign-up (docs/product.md section 4) is billing's saga (docs/decisions.md, "One owner for the
 * sign-up saga"): the gateway validates the body with the shared schema (bad input never reaches
 * a service, nor the card) and hands it to billing, which charges the $1 trial fee when there is a
 * card, has identity create the account, and confirms or undoes the payment. A refused card is
 * PaymentDeclined (from billing's client); identity's refusal comes back as identity answered it.
 */
export async function register(deps: GatewayDeps, body: unknown, requestId?: string): Promise<IdentityUser> {
  return deps.billing.signUp(parseInput(registerSchema, body), requestId);
}
