import { displayPhoneNumber } from "@rebound/contracts/domain";

/** Display helpers for statuses (docs/product.md sections 4 and 5). */

export interface SubscriptionLike {
  status?: string | null;
  cancel_at_period_end?: boolean | null;
}

export type SubscriptionLabel = "Active" | "Cancelled" | "Trial" | "Inactive";

/**
 * The subscription status a person sees: trialing or active and not cancelling is Active;
 * set to cancel at period end is Cancelled; without subscription data the user's own status
 * is used (default trial); anything else is Inactive.
 */
export function subscriptionStatusLabel(subscription: SubscriptionLike | null | undefined, userStatus?: string | null): SubscriptionLabel {
  if (subscription?.status) {
    if (subscription.cancel_at_period_end) return "Cancelled";
    if (subscription.status === "trialing" || subscription.status === "active") return "Active";
    return "Inactive";
  }
  switch (userStatus ?? "trial") {
    case "trial":
    case "trialing":
      return "Trial";
    case "active":
      return "Active";
    case "cancelled":
    case "canceled":
      return "Cancelled";
    default:
      return "Inactive";
  }
}

/**
 * A phone number as (xxx) xxx-xxxx when it has 11 digits starting with 1 (docs/product.md section 5), however
 * it is punctuated; otherwise as given. The rule itself is the contracts' displayPhoneNumber.
 */
export function formatPhoneNumber(phone: string | null | undefined): string {
  if (!phone) return "";
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? displayPhoneNumber(`+${digits}`) : phone;
}

export type ForwardingTestStatus = "not-tested" | "testing" | "success" | "failed";

/** The forwarding test status card's label. */
export function forwardingTestLabel(status: ForwardingTestStatus): string {
  switch (status) {
    case "not-tested":
      return "Not Tested";
    case "testing":
      return "Testing...";
    case "success":
      return "Success";
    case "failed":
      return "Failed";
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}
