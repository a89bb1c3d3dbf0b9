import { isRegistrationInFlight, type TextingRegistrationInput, type TextingRegistrationView } from "@rebound/contracts/domain";
import { AppError } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { isUniqueViolation } from "../store/prisma-errors";
import type { StoredRegistrationInput, TextingRegistrationRecord } from "../store/texting-registration.repository";
import type { TelephonyDeps } from "../telephony-deps";
import { viewOf } from "./get-texting-registration.use-case";
import { appendRegistrationChanged } from "./registration-changes";

export const REGISTRATION_IN_PROGRESS_MESSAGE = "Your texting registration is already in progress.";
export const REGISTRATION_APPROVED_MESSAGE = "Your texting registration is already approved.";
export const NUMBER_FIRST_MESSAGE = "Get your number first.";
export const REGISTRATION_UNAVAILABLE_MESSAGE = "Texting registration is not available right now. Please try again later.";

/** Fields kept sealed at rest: the EIN and the people's contact data. */
const PRIVATE_FIELDS = new Set(["ein", "contactFirstName", "contactLastName", "contactEmail", "contactPhone", "firstName", "lastName", "email", "mobilePhone"]);

/** Splits the owner's answers into what is shown back as is and what is sealed. */
export function storeInput(deps: TelephonyDeps, input: TextingRegistrationInput): StoredRegistrationInput {
  const plain: Record<string, string> = {};
  const secret: Record<string, string> = {};
  for (const [field, value] of Object.entries(input)) (PRIVATE_FIELDS.has(field) ? secret : plain)[field] = String(value);
  return { plain, sealed: deps.secrets.seal(JSON.stringify(secret)) };
}

/** The owner's answers again, opened. */
export function openInput(deps: TelephonyDeps, input: StoredRegistrationInput): Record<string, string> {
  return { ...input.plain, ...(JSON.parse(deps.secrets.open(input.sealed)) as Record<string, string>) };
}

function refuseExisting(registration: TextingRegistrationRecord | null): void {
  if (!registration) return;
  if (isRegistrationInFlight(registration.status)) throw new AppError("CONFLICT", REGISTRATION_IN_PROGRESS_MESSAGE);
  if (registration.status === "approved") throw new AppError("CONFLICT", REGISTRATION_APPROVED_MESSAGE);
}

/**
 * POST /api/texting-registration: records a new attempt (the first, or the next after a failed one)
 * as `submitted`; the saga job does the provider's work. One live registration per business (409),
 * only for a business with its dedicated number (409).
 */
export async function submitTextingRegistration(deps: TelephonyDeps, userId: string, input: TextingRegistrationInput): Promise<TextingRegistrationView> {
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  if (!businessId) throw new AppError("NOT_FOUND", "Business not found. Please complete your business profile first.");
  const number = await deps.phoneNumbers.findByBusiness(businessId);
  if (!number) throw new AppError("CONFLICT", NUMBER_FIRST_MESSAGE);
  if (!deps.registration) throw new AppError("UNAVAILABLE", REGISTRATION_UNAVAILABLE_MESSAGE);
  if (input.kind === "sole_proprietor" && (await deps.phoneNumbers.findByNumber(input.mobilePhone))) {
    // Carriers refuse a number bought from a phone provider as the owner's mobile (A4).
    const message = "Enter your own mobile number, not a number from Rebound or another phone provider";
    throw new AppError("VALIDATION_FAILED", message, { fields: [{ field: "mobilePhone", message }] });
  }
  const latest = await deps.textingRegistrations.findLatest(undefined, businessId);
  refuseExisting(latest);

  const now = deps.clock.now();
  let saved: TextingRegistrationRecord;
  try {
    saved = await deps.db.transaction(async (tx) => {
      const current = await deps.textingRegistrations.findLatest(tx, businessId);
      refuseExisting(current);
      const row = await deps.textingRegistrations.insert(tx, {
        id: randomUUID(),
        businessId,
        userId,
        attempt: (current?.attempt ?? 0) + 1,
        kind: input.kind,
        status: "submitted",
        step: "account",
        input: storeInput(deps, input),
        sids: {},
        stepTimes: {},
        failureCode: null,
        failureReason: null,
        submittedAt: now,
        approvedAt: null,
        verificationSentAt: null,
      });
      appendRegistrationChanged(tx, row, now);
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent submission won: answer as if it had been first.
    refuseExisting(await deps.textingRegistrations.findLatest(undefined, businessId));
    throw new AppError("CONFLICT", REGISTRATION_IN_PROGRESS_MESSAGE, { cause: error });
  }
  deps.sync.directory.putUsTextingAllowed(businessId, false);
  deps.logger.info({ businessId, registrationId: saved.id, attempt: saved.attempt, kind: saved.kind }, "texting registration submitted");
  return viewOf(deps, businessId, saved);
}
