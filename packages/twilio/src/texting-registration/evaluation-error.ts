import { TelephonyProviderError } from "@rebound/providers/telephony";

/** One unmet requirement of a TrustHub evaluation. */
export interface EvaluationFailure {
  /** The requirement, e.g. "Business Information". */
  requirement: string;
  /** The attribute at fault, e.g. "business_registration_number", when Twilio names one. */
  field?: string;
  reason: string;
  /** Twilio's error code, when given. */
  code?: string;
}

/**
 * A customer profile or trust product that TrustHub evaluated `noncompliant`: a TelephonyProviderError
 * (not retryable: the same data fails again) whose code is Twilio's first error code and whose
 * message lists every failure reason, so the registration can tell the owner what to change.
 */
export class TrustHubEvaluationError extends TelephonyProviderError {
  constructor(
    readonly bundle: { kind: "customer profile" | "trust product"; sid: string },
    readonly failures: EvaluationFailure[],
  ) {
    const reasons = failures.map((failure) => `${failure.requirement}${failure.field ? ` (${failure.field})` : ""}: ${failure.reason}`);
    super(`Twilio evaluated the ${bundle.kind} ${bundle.sid} as noncompliant: ${reasons.join("; ") || "no reason given"}`, {
      code: failures.find((failure) => failure.code !== undefined)?.code ?? "noncompliant",
      retryable: false,
    });
  }
}

function text(value: unknown): string | undefined {
  return value === undefined || value === null || value === "" ? undefined : String(value);
}

/**
 * The failures of an evaluation's `results[]` (Twilio's JSON inside the SDK instance, snake_case):
 * one per invalid field of a requirement that did not pass, else the requirement's own reason.
 */
export function evaluationFailures(results: unknown): EvaluationFailure[] {
  if (!Array.isArray(results)) return [];
  return results.flatMap((item): EvaluationFailure[] => {
    if (typeof item !== "object" || item === null) return [];
    const result = item as Record<string, unknown>;
    if (result.passed === true) return [];
    const requirement = text(result.requirement_friendly_name) ?? text(result.friendly_name) ?? text(result.requirement_name) ?? "Requirement";
    const invalid = Array.isArray(result.invalid) ? (result.invalid as Record<string, unknown>[]) : [];
    const fields = invalid
      .filter((entry) => typeof entry === "object" && entry !== null)
      .map((entry) => ({
        requirement,
        field: text(entry.object_field),
        reason: text(entry.failure_reason) ?? text(result.failure_reason) ?? "invalid",
        code: text(entry.error_code) ?? text(result.error_code),
      }));
    if (fields.length > 0) return fields;
    const reason = text(result.failure_reason);
    return result.passed === false || reason ? [{ requirement, reason: reason ?? "not met", code: text(result.error_code) }] : [];
  });
}
