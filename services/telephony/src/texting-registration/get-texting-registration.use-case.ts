import type { TextingRegistrationView } from "@rebound/contracts/domain";
import { registrationView } from "../domain/registration-view";
import type { TextingRegistrationRecord } from "../store/texting-registration.repository";
import type { TelephonyDeps } from "../telephony-deps";

/** The view of a stored registration (or none), with whether the business's number needs one. */
export async function viewOf(
  deps: TelephonyDeps,
  businessId: string | undefined,
  registration: TextingRegistrationRecord | null,
): Promise<TextingRegistrationView> {
  const number = businessId ? await deps.phoneNumbers.findByBusiness(businessId) : null;
  // A Canadian dedicated number is not a US 10DLC number: the carriers' registration does not apply to it.
  const required = number?.country !== "CA";
  return registrationView(registration, required);
}

/**
 * GET /api/texting-registration: the signed-in owner's business's latest registration, `not_started`
 * when there is none (or no business yet). Only the session's business is ever read.
 */
export async function getTextingRegistration(deps: TelephonyDeps, userId: string): Promise<TextingRegistrationView> {
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  const registration = businessId ? await deps.textingRegistrations.findLatest(undefined, businessId) : null;
  return viewOf(deps, businessId, registration);
}
