import { CHOOSE_PLAN_FOR_NUMBER_MESSAGE } from "@rebound/contracts/domain";
import { ApiError, errorMessage } from "@/shared/api/client";

export const PURCHASE_FAILED = "Failed to purchase phone number. Please try again.";

/**
 * What a failed purchase tells the owner: a 402 (no subscription in good standing, code
 * PAYMENT_REQUIRED) is the server's message and the way to checkout, anything else a toast.
 */
export function purchaseFailure(error: unknown): { kind: "plan-required"; message: string } | { kind: "failed"; message: string } {
  if (error instanceof ApiError && error.status === 402) return { kind: "plan-required", message: errorMessage(error, CHOOSE_PLAN_FOR_NUMBER_MESSAGE) };
  return { kind: "failed", message: errorMessage(error, PURCHASE_FAILED) };
}
