// The carrier's opt-out (Twilio error 21610: the recipient replied STOP at the carrier level),
// handled here only, whether a send failed with it or a status callback reported it.
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { isCarrierOptOut } from "../domain/send-retry";
import type { MessagingDeps } from "../messaging-deps";
import type { MessagingSqlTx } from "../store/messaging-db";

export interface FailedRecipient {
  businessId: string;
  recipientNumber: string;
}

/** In the transaction that records the failure: the opt-out row, CallerOptedOut and the consent log entry. True when `errorCode` is the carrier's opt-out. */
export async function recordCarrierOptOut(
  deps: Pick<MessagingDeps, "callers" | "consentLog">,
  tx: MessagingSqlTx,
  recipient: FailedRecipient,
  errorCode: string,
  at: Date,
): Promise<boolean> {
  if (!isCarrierOptOut(errorCode)) return false;
  await deps.callers.saveOptOut(tx, {
    businessId: recipient.businessId,
    callerNumber: recipient.recipientNumber,
    optedOut: true,
    source: "carrier",
    keyword: "",
  });
  tx.append("CallerOptedOut", recipient.businessId, {
    businessId: recipient.businessId,
    callerNumber: recipient.recipientNumber,
    keyword: "",
    source: messagingV1.OptOutSource.CARRIER,
    optedOutAt: timestampFromDate(at),
  });
  await deps.consentLog.insert(tx, {
    id: randomUUID(),
    businessId: recipient.businessId,
    callerNumber: recipient.recipientNumber,
    action: "opted_out",
    method: "carrier",
    matched: errorCode,
    callerMessage: "",
    confirmationText: "",
    messageSid: "",
    occurredAt: at,
  });
  return true;
}

/** After the commit: the read model learns the opt-out at once (the refresh would, later). */
export function rememberCarrierOptOut(deps: Pick<MessagingDeps, "readModel">, recipient: FailedRecipient): void {
  deps.readModel.setOptedOut(recipient.businessId, recipient.recipientNumber, true);
}
