// The one place a texting registration's state is written: the row and TextingRegistrationChanged commit
// together (every change of status, reason or provider ids), and this process's directory learns
// whether the business may text US callers.
import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import type { TextingRegistrationKindName } from "@rebound/contracts/domain";
import type { TelephonyTx } from "../store/telephony-db";
import type { RegistrationChanges, TextingRegistrationRecord } from "../store/texting-registration.repository";
import type { TelephonyDeps } from "../telephony-deps";

const STATUS: Record<TextingRegistrationRecord["status"], telephonyV1.TextingRegistrationStatus> = {
  submitted: telephonyV1.TextingRegistrationStatus.SUBMITTED,
  brand_approved: telephonyV1.TextingRegistrationStatus.BRAND_APPROVED,
  needs_verification: telephonyV1.TextingRegistrationStatus.NEEDS_VERIFICATION,
  approved: telephonyV1.TextingRegistrationStatus.APPROVED,
  failed: telephonyV1.TextingRegistrationStatus.FAILED,
};

const KIND: Record<TextingRegistrationKindName, telephonyV1.TextingRegistrationKind> = {
  standard: telephonyV1.TextingRegistrationKind.STANDARD,
  sole_proprietor: telephonyV1.TextingRegistrationKind.SOLE_PROPRIETOR,
};

/** Appends TextingRegistrationChanged for the registration as it now stands. */
export function appendRegistrationChanged(tx: TelephonyTx, registration: TextingRegistrationRecord, at: Date): void {
  tx.append("TextingRegistrationChanged", registration.businessId, {
    businessId: registration.businessId,
    userId: registration.userId,
    registrationId: registration.id,
    status: STATUS[registration.status],
    kind: KIND[registration.kind],
    accountSid: registration.sids.accountSid ?? "",
    messagingServiceSid: registration.sids.messagingService ?? "",
    failureReason: registration.failureReason ?? "",
    failureCode: registration.failureCode ?? "",
    usTextingAllowed: registration.status === "approved",
    changedAt: timestampFromDate(at),
  });
}

/** Saves a change of the registration with its event, in one transaction; answers the row as saved. */
export async function saveRegistrationChange(
  deps: TelephonyDeps,
  registration: TextingRegistrationRecord,
  changes: RegistrationChanges,
): Promise<TextingRegistrationRecord> {
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const row = await deps.textingRegistrations.update(tx, registration.id, changes, at);
    const observable =
      row.status !== registration.status ||
      row.failureReason !== registration.failureReason ||
      row.failureCode !== registration.failureCode ||
      JSON.stringify(row.sids) !== JSON.stringify(registration.sids);
    if (observable) appendRegistrationChanged(tx, row, at);
    return row;
  });
  deps.sync.directory.putUsTextingAllowed(saved.businessId, saved.status === "approved");
  return saved;
}
