import { AppError } from "@rebound/platform";
import type { ServiceLink } from "../routing/upstream";
import { clientErrorCode, postInternal } from "./post-internal";

/** The payment step of a registration as the gateway asks billing for it. */
export interface SignupPayment {
  email: string;
  firstName: string;
  lastName: string;
  subscriptionPlan: string;
  billingFrequency: string;
  paymentMethodId: string;
}

/** Billing's internal API, as the gateway uses it. */
export interface BillingClient {
  /** Customer, card, trial subscription and $1 fee at the payment provider; PaymentDeclined when refused. */
  startSignup(payment: SignupPayment, requestId?: string): Promise<{ signupId: string }>;
  /** The account exists: the sign-up becomes the user's. */
  confirmSignup(signupId: string, userId: string, requestId?: string): Promise<void>;
  /** The account was not created: the provider's customer and charge are undone. */
  abandonSignup(signupId: string, requestId?: string): Promise<void>;
}

/** The payment provider refused the card: answered to the client as 402 with the provider's message. */
export class PaymentDeclined extends Error {
  readonly status = 402;
  constructor(message: string) {
    super(message);
    this.name = "PaymentDeclined";
  }
}

const TIMEOUT_MS = 30_000;

/**
 * Client of billing's `/internal/billing/*` API (postInternal) through billing's link: its router
 * in this process (standalone) or its URL (distributed).
 */
export function createBillingClient(link: ServiceLink | undefined, secret: string): BillingClient {
  const call = async <T>(path: string, body: unknown, requestId?: string): Promise<T> => {
    const answer = await postInternal(link, `/internal/billing${path}`, body, {
      secret,
      requestId,
      timeoutMs: TIMEOUT_MS,
      unavailableMessage: "Payment service temporarily unavailable. Please try again.",
    });
    if (answer.ok) return answer.payload as T;
    const message = typeof answer.payload.message === "string" ? answer.payload.message : "Payment failed. Please try again.";
    if (answer.status === 402) throw new PaymentDeclined(message);
    const code = clientErrorCode(answer);
    if (code) throw new AppError(code, message);
    if (answer.status === 400) throw new AppError("BAD_REQUEST", message);
    throw new AppError("UPSTREAM_FAILED", "Something went wrong. Please try again.");
  };
  return {
    startSignup: (payment, requestId) => call("/signups", payment, requestId),
    confirmSignup: async (signupId, userId, requestId) => {
      await call(`/signups/${encodeURIComponent(signupId)}/confirm`, { userId }, requestId);
    },
    abandonSignup: async (signupId, requestId) => {
      await call(`/signups/${encodeURIComponent(signupId)}/abandon`, {}, requestId);
    },
  };
}
