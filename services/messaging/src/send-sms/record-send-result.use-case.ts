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

type RecordSendResultDeps = Pick<MessagingDeps, "db" | "smsLogs" | "callers" | "consentLog" | "alerts" | "readModel" | "clock" | "sentTexts">;

/** Resolves once the outcome is committed; false when the row had already been finished. */
export async function recordSendResult(deps: RecordSendResultDeps, outcome: SendOutcome): Promise<boolean> {
  if (outcome.type === "accepted") {
    // Known from now on: a callback that comes before this commits finds no row with the sid yet, and waits for it.
    const { sms, providerSid } = outcome;
    deps.sentTexts.remember({ id: sms.id, businessId: sms.businessId, callId: sms.callId ?? null, recipientNumber: sms.recipientNumber, providerSid });
  }
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

/** One statement: the row, SmsSent (and the status when not "sent"), the owner's alert; it carries the COMMIT. */
async function applyAccepted(deps: RecordSendResultDeps, tx: MessagingSqlTx, outcome: Extract<SendOutcome, { type: "accepted" }>): Promise<boolean> {
  const now = deps.clock.now();
  const { sms, providerSid, status } = outcome;
  const callId = sms.callId ?? "";
  const alertsOn = deps.readModel.business(sms.businessId)?.settings?.ownerAlertsEnabled ?? false;
  const alert = alertsOn && (sms.kind === "missed_call" || sms.kind === "after_hours") ? { id: randomUUID() } : undefined;
  const rows = await tx.changeWithEvents(
    deps.smsLogs.markSentStatement(sms.id, providerSid, status, now, alert),
    (events) => {
      events.append("SmsSent", sms.businessId, {
        smsId: sms.id,
        businessId: sms.businessId,
        callId,
        providerSid,
        sentAt: timestampFromDate(now),
      });
      if (status === "sent") return;
      events.append("SmsStatusChanged", sms.businessId, {
        smsId: sms.id,
        businessId: sms.businessId,
        providerSid,
        status: smsStatusEnum(status),
        changedAt: timestampFromDate(now),
        callId,
      });
    },
    { last: true },
  );
  return rows.length > 0;
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
