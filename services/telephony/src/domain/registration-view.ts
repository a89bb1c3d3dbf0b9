// GET /api/texting-registration's body from a stored registration (docs/texting-registration.md C4).
import type { RegistrationStepKey, RegistrationStepState, TextingRegistrationKindName, TextingRegistrationView } from "@rebound/contracts/domain";
import { textingFees } from "./texting-fees";

/** The saga's internal steps, in order (store's REGISTRATION_STEPS). */
const ORDER = ["account", "business_profile", "brand", "wait_brand", "messaging_service", "number", "campaign", "wait_campaign", "done"] as const;
type InternalStep = (typeof ORDER)[number];

/** Which internal steps each of the view's steps covers. */
const COVERS: Record<Exclude<RegistrationStepKey, "verification">, readonly InternalStep[]> = {
  account: ["account"],
  business_profile: ["business_profile"],
  brand: ["brand", "wait_brand"],
  number: ["messaging_service", "number"],
  campaign: ["campaign", "wait_campaign"],
};

export interface RegistrationState {
  kind: TextingRegistrationKindName;
  status: Exclude<TextingRegistrationView["status"], "not_started">;
  step: InternalStep;
  stepTimes: Record<string, string>;
  failureReason: string | null;
  submittedAt: Date;
  approvedAt: Date | null;
}

/** The view step an internal step belongs to (where a failure shows). */
export function viewStepOf(step: InternalStep, kind: TextingRegistrationKindName, status: RegistrationState["status"]): RegistrationStepKey | undefined {
  if (step === "wait_brand" && kind === "sole_proprietor" && status === "needs_verification") return "verification";
  for (const [key, steps] of Object.entries(COVERS)) if (steps.includes(step)) return key as RegistrationStepKey;
  return undefined;
}

function stateOf(key: RegistrationStepKey, registration: RegistrationState): RegistrationStepState {
  const at = ORDER.indexOf(registration.step);
  if (registration.step === "done") return "done";
  if (key === "verification") {
    if (at > ORDER.indexOf("wait_brand")) return "done";
    if (registration.status === "needs_verification") return "in_progress";
    return "not_started";
  }
  if (key === "brand" && registration.kind === "sole_proprietor" && registration.status === "needs_verification") return "done";
  const covered = COVERS[key];
  const last = ORDER.indexOf(covered[covered.length - 1]!);
  const first = ORDER.indexOf(covered[0]!);
  if (at > last) return "done";
  if (at < first) return "not_started";
  return registration.status === "failed" ? "failed" : "in_progress";
}

export function registrationView(registration: RegistrationState | null, required: boolean): TextingRegistrationView {
  if (!registration) {
    return { status: "not_started", kind: null, steps: [], failureReason: null, submittedAt: null, approvedAt: null, fees: textingFees(null), required };
  }
  const keys: RegistrationStepKey[] =
    registration.kind === "sole_proprietor"
      ? ["account", "business_profile", "brand", "verification", "number", "campaign"]
      : ["account", "business_profile", "brand", "number", "campaign"];
  return {
    status: registration.status,
    kind: registration.kind,
    steps: keys.map((key) => ({ key, state: stateOf(key, registration), at: registration.stepTimes[key] ?? null })),
    failureReason: registration.status === "failed" ? registration.failureReason : null,
    submittedAt: registration.submittedAt.toISOString(),
    approvedAt: registration.approvedAt?.toISOString() ?? null,
    fees: textingFees(registration.kind),
    required,
  };
}
