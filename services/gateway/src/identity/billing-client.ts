import { AppError, clientErrorOf, GATEWAY_PRINCIPAL, postInternal } from "@rebound/platform";
import type { RegisterInput } from "@rebound/contracts/domain";
import type { ServiceLink } from "../routing/upstream";
import type { IdentityUser } from "./identity-client";

/** Billing's internal API, as the gateway uses it. */
export interface BillingClient {
  /**
   * Sign-up, billing's saga (docs/architecture.md, "Sign-up"): the payment when there is a card,
   * the account at identity, then the confirm or the undo. Answers the new account's user as
   * identity gave it; PaymentDeclined when the card is refused, identity's refusal (409, 400) as is.
   */
  signUp(registration: RegisterInput, requestId?: string): Promise<IdentityUser>;
}

/** The payment provider refused the card: answered to the client as 402 with the provider's message. */
export class PaymentDeclined extends Error {
  readonly status = 402;
  constructor(message: string) {
    super(message);
    this.name = "PaymentDeclined";
  }
}

/**
 * The whole saga: the provider's calls, identity's account (its own 15 s budget) and the confirm
 * with its retries. Longer than their sum: a 503 answered while billing still completes the
 * sign-up would tell the owner it failed when it was charged and created (a retry then gets 409).
 * A burst of 60 sign-ups on a loaded 2-core machine has taken 45 s.
 */
const SIGN_UP_TIMEOUT_MS = 120_000;

/**
 * Client of billing's `/internal/billing/*` API (the kit's postInternal, signed as the gateway)
 * through billing's link: its router in this process (standalone) or its URL (distributed).
 */
export function createBillingClient(link: ServiceLink | undefined, secret: string): BillingClient {
  return {
    signUp: async (registration, requestId) => {
      const answer = await postInternal(link?.send, "/internal/billing/signups", registration, {
        caller: GATEWAY_PRINCIPAL,
        secret,
        requestId,
        timeoutMs: SIGN_UP_TIMEOUT_MS,
        unavailableMessage: "Payment service temporarily unavailable. Please try again.",
      });
      if (answer.ok) return answer.payload as IdentityUser;
      const message = typeof answer.payload.message === "string" ? answer.payload.message : "Payment failed. Please try again.";
      if (answer.status === 402) throw new PaymentDeclined(message);
      const refused = clientErrorOf(answer);
      if (refused) throw refused;
      if (answer.status === 400) throw new AppError("BAD_REQUEST", message);
      // Billing could not reach identity: the same 503 the gateway answered when it called identity itself.
      if (answer.status === 503 && answer.payload.code === "UNAVAILABLE") throw new AppError("UNAVAILABLE", message);
      throw new AppError("UPSTREAM_FAILED", "Something went wrong. Please try again.");
    },
  };
}
