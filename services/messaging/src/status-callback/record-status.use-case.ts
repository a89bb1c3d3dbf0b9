// Provider status callbacks -> sms_logs status + SmsStatusChanged. Statuses only move
// forward (callbacks arrive out of order and repeated); unknown sids are ignored.
import { timestampFromDate } from "@rebound/contracts";
import type { EventAppender } from "@rebound/platform";
import { describeDeliveryError } from "@rebound/contracts/domain";
import { randomUUID } from "node:crypto";
import { smsStatusEnum } from "../domain/event-enums";
import { advancesAcceptedSms, fromProviderStatus, isTerminal, statusesBefore, type SmsStatusName } from "../domain/sms-status";
import type { MessagingDeps } from "../messaging-deps";
import { recordCarrierOptOut, rememberCarrierOptOut } from "../opt-out/carrier-opt-out";
import type { MessagingSqlTx } from "../store/messaging-db";
import type { SmsRef } from "../store/sms-log.repository";

export interface StatusCallback {
  messageSid: string;
  messageStatus: string;
  errorCode: string;
  errorMessage: string;
}

interface Change {
  providerSid: string;
  status: SmsStatusName;
  errorCode: string;
  errorMessage: string;
}

interface Applied {
  ref: SmsRef;
  optedOut: boolean;
}

export type RecordStatusResult = "applied" | "ignored" | "unknown_sid";

export async function recordStatus(deps: MessagingDeps, callback: StatusCallback): Promise<RecordStatusResult> {
  const status = fromProviderStatus(callback.messageStatus);
  if (!status || !advancesAcceptedSms(status)) return "ignored";
  const change: Change = {
    providerSid: callback.messageSid,
    status,
    errorCode: callback.errorCode,
    errorMessage: callback.errorMessage,
  };
  const { db, smsLogs } = deps;
  let applied = await db.sqlTransaction((tx) => apply(deps, tx, change), { groupCommit: "linger" });
  if (!applied && !(await smsLogs.findBySid(change.providerSid))) {
    // The provider may call back before our record of its acceptance committed.
    await deps.acceptances.whenRecorded(change.providerSid);
    applied = await db.sqlTransaction((tx) => apply(deps, tx, change), { groupCommit: "linger" });
    if (!applied && !(await smsLogs.findBySid(change.providerSid))) {
      deps.logger.info({ sid: change.providerSid, status }, "status callback for an unknown message ignored");
      return "unknown_sid";
    }
  }
  if (!applied) return "ignored";
  if (applied.optedOut) rememberCarrierOptOut(deps, applied.ref);
  return "applied";
}

async function apply(deps: MessagingDeps, tx: MessagingSqlTx, change: Change): Promise<Applied | undefined> {
  const now = deps.clock.now();
  const input = { ...change, from: statusesBefore(change.status), at: now };
  if (input.from.length === 0) return undefined;
  const known = deps.sentTexts.find(change.providerSid);
  let ref: SmsRef | undefined;
  if (known) {
    // A text this process sent: its event is written with the status, in one statement (the last, unless an error code may add more).
    const rows = await tx.changeWithEvents(deps.smsLogs.applyStatusStatement(input), (events) => appendStatusChanged(events, known, change, now), {
      last: change.errorCode === "",
    });
    ref = rows.length > 0 ? known : undefined;
  } else {
    ref = await deps.smsLogs.applyStatus(tx, input);
    if (ref) appendStatusChanged(tx, ref, change, now);
  }
  if (!ref) return undefined;
  if (isTerminal(change.status)) deps.sentTexts.forget(change.providerSid);
  await recordRegistrationProblem(deps, tx, ref, change, now);
  return { ref, optedOut: await recordCarrierOptOut(deps, tx, ref, change.errorCode, now) };
}

function appendStatusChanged(events: EventAppender, ref: SmsRef, change: Change, now: Date): void {
  events.append("SmsStatusChanged", ref.businessId, {
    smsId: ref.id,
    businessId: ref.businessId,
    providerSid: change.providerSid,
    status: smsStatusEnum(change.status),
    errorCode: change.errorCode,
    errorMessage: change.errorMessage,
    changedAt: timestampFromDate(now),
    callId: ref.callId ?? "",
  });
}

/**
 * A text blocked because the business's number is not registered for US texting (30034): the
 * registration needs attention. Logged at warn, and told to the owner in the next alert e-mail
 * (with the words of the error) when owner alerts are on. No event: telephony's registration
 * status is the source of truth; this is what the owner sees meanwhile.
 */
async function recordRegistrationProblem(deps: MessagingDeps, tx: MessagingSqlTx, ref: SmsRef, change: Change, now: Date): Promise<void> {
  const described = describeDeliveryError(change.errorCode);
  if (!described?.registrationProblem || (change.status !== "undelivered" && change.status !== "failed")) return;
  deps.logger.warn(
    { businessId: ref.businessId, smsId: ref.id, errorCode: change.errorCode, error: described.title },
    "texting registration needs attention: a text was blocked by the carrier",
  );
  if (!deps.readModel.business(ref.businessId)?.settings?.ownerAlertsEnabled) return;
  await deps.alerts.addNotDelivered(tx, {
    id: randomUUID(),
    businessId: ref.businessId,
    callerNumber: ref.recipientNumber,
    errorCode: change.errorCode,
    message: described.words,
    at: now,
  });
}
