import type { TextingRegistrationView } from "@rebound/contracts/domain";

/** Why the dashboard asks the owner about texting registration; null when it has nothing to ask. */
export type RegistrationNotice = "register" | "in-review" | "needs-verification" | "failed";

/** The Setup card the banner and Your Results link to. */
export const REGISTRATION_CARD_ID = "texting-registration";

/**
 * What to tell the owner until US texting is live: nothing without a number (the number comes
 * first), for a Canadian number (not required), once approved, or while the registration is unknown
 * (loading, failed to load): no warning on a guess.
 */
export function registrationNotice(
  view: Pick<TextingRegistrationView, "status" | "required"> | null | undefined,
  hasNumber: boolean,
): RegistrationNotice | null {
  if (!view || !hasNumber || !view.required) return null;
  switch (view.status) {
    case "approved":
      return null;
    case "not_started":
      return "register";
    case "submitted":
    case "brand_approved":
      return "in-review";
    case "needs_verification":
      return "needs-verification";
    case "failed":
      return "failed";
  }
}

export const VERIFICATION_SENDER = "+1 (915) 278-2000";

export const REGISTRATION_NOTICE_TEXT: Record<RegistrationNotice, { title: string; description: string; action: string; tone: "warning" | "info" | "error" }> =
  {
    register: {
      title: "Register your number for US texting: carriers block texts from unregistered numbers",
      description: "Until it is registered, missed callers with US numbers are not texted. It takes a few minutes, and the fees are included in your plan.",
      action: "Register now",
      tone: "warning",
    },
    "in-review": {
      title: "Your texting registration is in review",
      description: "US carriers are checking it. Missed callers with US numbers are texted as soon as it is approved.",
      action: "See progress",
      tone: "info",
    },
    "needs-verification": {
      title: `Reply YES to the text from ${VERIFICATION_SENDER} on your mobile`,
      description: "Your texting registration waits for your YES. Until then, missed callers with US numbers are not texted.",
      action: "See details",
      tone: "warning",
    },
    failed: {
      title: "Your texting registration was not approved",
      description: "See what the carriers refused, fix it and resubmit. Until then, missed callers with US numbers are not texted.",
      action: "Fix and resubmit",
      tone: "error",
    },
  };
