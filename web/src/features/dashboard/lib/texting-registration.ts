import type {
  RegistrationFee,
  RegistrationStepKey,
  RegistrationStepState,
  TextingRegistrationKindName,
  TextingRegistrationStatusName,
  TextingRegistrationView,
} from "@rebound/contracts/domain";
import type { BadgeTone } from "@/shared/ui/badge";

export const STATUS_LABELS: Record<TextingRegistrationStatusName, { label: string; tone: BadgeTone }> = {
  not_started: { label: "Not registered", tone: "warning" },
  submitted: { label: "In review", tone: "info" },
  brand_approved: { label: "Brand approved, campaign in review", tone: "info" },
  needs_verification: { label: "Waiting for your YES", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  failed: { label: "Not approved", tone: "danger" },
};

/** Each step in the owner's words. */
export function stepLabel(key: RegistrationStepKey, kind: TextingRegistrationKindName | null): string {
  switch (key) {
    case "account":
      return "Texting account";
    case "business_profile":
      return kind === "sole_proprietor" ? "Your details" : "Business profile";
    case "brand":
      return "Brand registration";
    case "verification":
      return "Your YES reply";
    case "campaign":
      return "Campaign review";
    case "number":
      return "Number added";
  }
}

export const STEP_STATE_WORDS: Record<RegistrationStepState, string> = {
  not_started: "Waiting",
  in_progress: "In progress",
  done: "Done",
  failed: "Failed",
};

/** antd Steps' status for a step's state. */
export function stepStatus(state: RegistrationStepState): "wait" | "process" | "finish" | "error" {
  return state === "done" ? "finish" : state === "in_progress" ? "process" : state === "failed" ? "error" : "wait";
}

/** $4, $1.50. */
export function formatFee(amountUsd: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amountUsd) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountUsd);
}

/** One fee as a line: 'Brand registration (one time): $4'; the period is added when the label does not say it. */
export function feeLine(fee: RegistrationFee, period: "one time" | "a month"): string {
  const saysPeriod = /one[- ]time|month/i.test(fee.label);
  return `${fee.label}: ${formatFee(fee.amountUsd)}${saysPeriod ? "" : period === "one time" ? " one time" : " a month"}`;
}

/** Who pays the carriers' fees, in one sentence. */
export function feeSentence(fees: Pick<TextingRegistrationView["fees"], "billing">): string {
  return fees.billing === "included"
    ? "The carriers' fees are included in your plan: you pay nothing extra."
    : "The carriers' fees are added to your next invoice.";
}

/** 'Jan 5, 3:04 PM' in the viewer's time zone; '' for no time. */
export function formatWhen(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** FOOD_AND_BEVERAGE -> 'Food and beverage'. */
export function industryLabel(value: string): string {
  const words = value.toLowerCase().split("_").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
