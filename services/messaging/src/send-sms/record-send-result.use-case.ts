// Records what the provider said about a send (the sender hands it its outcomes), through the
// service's shared group commit: SmsSent (+ the owner alert), or SmsStatusChanged(failed) (and
// the carrier's opt-out).
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { smsStatusEnum } from "../domain/event-enums";
import type { SendOutcome } from "../domain/send-outcome";
import type { MessagingDeps } from "../messaging-deps";
import { recordCarrierOptOut, rememberCarrierOptOut } from "../opt-out/carrier-opt-out";
import type { MessagingSqlTx } from "../store/messaging-db";

type RecordSendResultDeps = Pick<MessagingDeps, "db" | "smsLogs" | "callers" | "consentLog" | "alerts" | "readModel" | "clock">;

/** Resolves once the outcome is committed; false when the row had already been finished. */
export async function recordSendResult(deps: RecordSendResultDeps, outcome: SendOutcome): Promise<boolean> {
  let optedOut = false;
  const applied = await deps.db.sqlTransaction(
    async (tx) => {
      if (outcome.type === "accepted") return applyAccepted(deps, tx, outcome);
      const failed = await applyFailed(deps, tx, outcome);
      optedOut = failed.optedOut;
      return failed.applied;
    },
    { groupCommit: "linger" },
  );
  if (applied && optedOut) rememberCarrierOptOut(deps, outcome.sms);
  return applied;
}

async function applyAccepted(deps: RecordSendResultDeps, tx: MessagingSqlTx, outcome: Extract<SendOutcome, { type: "accepted" }>): Promise<boolean> {
  const now = deps.clock.now();
  const { sms, providerSid, status } = outcome;
  const row = await deps.smsLogs.markSent(tx, sms.id, providerSid, status, now);
  if (!row) return false;
  const callId = sms.callId ?? "";
  tx.append("SmsSent", sms.businessId, {
    smsId: sms.id,
    businessId: sms.businessId,
    callId,
    providerSid,
    sentAt: timestampFromDate(now),
  });
  if (status !== "sent") {
    tx.append("SmsStatusChanged", sms.businessId, {
      smsId: sms.id,
      businessId: sms.businessId,
      providerSid,
      status: smsStatusEnum(status),
      changedAt: timestampFromDate(now),
      callId,
    });
  }
  const alertsOn = deps.readModel.business(sms.businessId)?.settings?.ownerAlertsEnabled ?? false;
  if (alertsOn && (sms.kind === "missed_call" || sms.kind === "after_hours")) {
    await deps.alerts.add(tx, {
      id: randomUUID(),
      businessId: sms.businessId,
      smsId: sms.id,
      callerNumber: sms.recipientNumber,
      message: sms.message,
      textedAt: now,
    });
  }
  return true;
}

async function applyFailed(
  deps: RecordSendResultDeps,
  tx: MessagingSqlTx,
  outcome: Extract<SendOutcome, { type: "failed" }>,
): Promise<{ applied: boolean; optedOut: boolean }> {
  const now = deps.clock.now();
  const { sms, errorCode, errorMessage } = outcome;
  const row = await deps.smsLogs.markFailed(tx, sms.id, errorCode, errorMessage, now);
  if (!row) return { applied: false, optedOut: false };
  tx.append("SmsStatusChanged", sms.businessId, {
    smsId: sms.id,
    businessId: sms.businessId,
    providerSid: row.providerSid ?? "",
    status: messagingV1.SmsStatus.FAILED,
    errorCode,
    errorMessage,
    changedAt: timestampFromDate(now),
    callId: sms.callId ?? "",
  });
  return { applied: true, optedOut: await recordCarrierOptOut(deps, tx, sms, errorCode, now) };
}
