import { AppError, ERROR_STATUS, INTERNAL_USER_HEADER, signInternalUser, type ErrorCode } from "@rebound/platform";
import { GATEWAY_PRINCIPAL } from "./identity-client";

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
 * HTTP client of billing's `/internal/billing/*` API, signed with the internal header like the
 * identity client; billing's URL in distributed mode, this very process in standalone.
 */
export function createHttpBillingClient(baseUrl: () => string, secret: string): BillingClient {
  const call = async <T>(path: string, body: unknown, requestId?: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl()}/internal/billing${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [INTERNAL_USER_HEADER]: signInternalUser(GATEWAY_PRINCIPAL, secret),
          ...(requestId ? { "x-request-id": requestId } : {}),
        },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError("UNAVAILABLE", "Payment service temporarily unavailable. Please try again.", { cause: error });
    }
    const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return payload as T;
    const message = typeof payload.message === "string" ? payload.message : "Payment failed. Please try again.";
    if (response.status === 402) throw new PaymentDeclined(message);
    const code = typeof payload.code === "string" && payload.code in ERROR_STATUS ? (payload.code as ErrorCode) : undefined;
    if (code && ERROR_STATUS[code] === response.status && response.status < 500) throw new AppError(code, message);
    if (response.status === 400) throw new AppError("BAD_REQUEST", message);
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
