// CallMissed -> decide from memory -> one transaction (the call's decision + sms_logs row +
// SmsQueued, or SmsSuppressed) -> the send is queued outside the transaction.
// The write goes through the service's shared group commit (db.sqlTransaction with groupCommit): decisions,
// send results and status callbacks arriving together share one transaction. PGlite is a
// single connection, and a transaction's fixed cost dominates its few statements.
import { timestampDate, timestampFromDate, type EventEnvelope } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { retry } from "@rebound/platform";
import { decide, monthlyCap, type DispatchDecision, type DispatchState, type MissedCall, type SuppressionReasonName } from "../domain/decide";
import { duplicateWindowMs } from "../domain/dispatch-config";
import { callerIdKindOf, smsKindEnum, suppressionReasonEnum } from "../domain/event-enums";
import { OWNER_FIXABLE_REASONS } from "../domain/owner-alert-email";
import type { MessagingDeps } from "../messaging-deps";
import type { MessagingSqlTx } from "../store/messaging-db";
import { SEND_QUEUED, sendRecorded, type SendRow } from "../store/dispatch.repository";
import type { SmsToSend } from "../store/sms-log.repository";

export interface MissedCallEvent extends MissedCall {
  eventId: string;
  businessId: string;
}

interface Decided {
  call: MissedCallEvent;
  decision: DispatchDecision;
  state: DispatchState;
  month: string;
  now: Date;
}

type Committed = { type: "duplicate" } | { type: "suppressed" } | { type: "queued"; sms: SmsToSend; texted: number };

/** Calls not texted for a reason the owner can fix: listed in the owner's alert e-mail with the way to fix it. */
const OWNER_FIXABLE: ReadonlySet<SuppressionReasonName> = new Set(OWNER_FIXABLE_REASONS);

/** The tables disagreed with memory (another replica wrote); the caller's rows were re-read. */
class StaleReadModel extends Error {}

/** Decisions per call: the first from memory, the next ones after re-reading the caller's rows. */
const MAX_DECISIONS = 3;

/**
 * No processOnce: call_dispatches (unique per call id) is this consumer's idempotency key,
 * which also covers a second CallMissed for the same call under a new event id.
 */
export async function dispatchMissedCall(deps: MessagingDeps, event: EventEnvelope<"CallMissed">): Promise<void> {
  const { payload } = event;
  const call: MissedCallEvent = {
    eventId: event.id,
    businessId: payload.businessId,
    callId: payload.callId || payload.callSid,
    callerNumber: payload.callerNumber,
    dedicatedNumber: payload.dedicatedNumber,
    stirVerstat: payload.stirVerstat,
    callerIdKind: callerIdKindOf(payload.callerIdKind),
    occurredAt: payload.occurredAt ? timestampDate(payload.occurredAt) : undefined,
  };
  // Config events travel on other topics and may trail the call by a moment (e.g. right after
  // start-up): wait (bounded) until the read model learns the business's settings.
  await deps.readModel.whenBusinessKnown(call.businessId, deps.settings.unknownBusinessWaitMs);
  await retry(() => decideAndRecord(deps, call), {
    maxAttempts: MAX_DECISIONS,
    baseDelayMs: 0,
    maxDelayMs: 0,
    shouldRetry: (error) => error instanceof StaleReadModel,
  });
}

async function decideAndRecord(deps: MessagingDeps, call: MissedCallEvent): Promise<void> {
  const { readModel, clock } = deps;
  const now = clock.now();
  let state: DispatchState = {
    ...readModel.stateFor(call.businessId, call.callerNumber, now),
    textingRegistrationRequired: deps.settings.textingRegistrationRequired,
    textMaxAgeMs: deps.settings.textMaxAgeMs,
  };
  const month = readModel.monthOf(call.businessId, now);
  let decision = decide(state, call, now);
  // The line type is looked up only for a call that would be texted (off by default; bounded by its timeout).
  if (decision.type === "send" && deps.lineTypes.enabled) {
    const lineType = await deps.lineTypes.lineTypeOf(call.callerNumber);
    if (lineType) {
      state = { ...state, lineType };
      decision = decide(state, call, now);
    }
  }
  const decided: Decided = { call, decision, state, month, now };
  const committed = await deps.db.sqlTransaction((tx) => commit(deps, tx, decided), { groupCommit: "urgent" });
  if (committed === "stale") {
    await deps.loader.reloadCaller(call.businessId, call.callerNumber, month);
    throw new StaleReadModel(`call ${call.callId}: the read model lagged the tables; decided again from them`);
  }
  switch (committed.type) {
    case "duplicate":
    case "suppressed":
      return;
    case "queued":
      readModel.setTexted(call.businessId, month, committed.texted);
      readModel.setLastTexted(call.businessId, call.callerNumber, now);
      deps.sender.enqueue(committed.sms);
      return;
    default: {
      const unexpected: never = committed;
      throw new Error(`unknown outcome ${JSON.stringify(unexpected)}`);
    }
  }
}

async function commit(deps: MessagingDeps, tx: MessagingSqlTx, { call, decision, state, month, now }: Decided): Promise<Committed | "stale"> {
  switch (decision.type) {
    case "suppress": {
      const first = await deps.dispatches.recordSuppressed(tx, { ...call, reason: decision.reason, at: now });
      if (!first) return { type: "duplicate" };
      appendSuppressed(tx, call, decision.reason, now);
      if (OWNER_FIXABLE.has(decision.reason) && state.business?.settings?.ownerAlertsEnabled) {
        await deps.alerts.addNotTexted(tx, {
          id: randomUUID(),
          businessId: call.businessId,
          callId: call.callId,
          callerNumber: call.callerNumber,
          reason: decision.reason,
          // When the caller called: a call decided late (too_late) is listed at its own time.
          at: call.occurredAt ?? now,
        });
      }
      return { type: "suppressed" };
    }
    case "send": {
      const settings = state.business?.settings;
      if (!settings) throw new Error("send decided without settings");
      const sms: SmsToSend & { callId: string } = {
        id: randomUUID(),
        businessId: call.businessId,
        callId: call.callId,
        recipientNumber: call.callerNumber,
        senderNumber: call.dedicatedNumber || state.business?.dedicatedNumber || "",
        message: decision.body,
        kind: decision.kind,
        createdAt: now,
      };
      const send = deps.dispatches.sendStatement({
        eventId: call.eventId,
        sms,
        month,
        cap: monthlyCap(state.subscription),
        windowStart: new Date(now.getTime() - duplicateWindowMs(settings)),
        leaseUntil: new Date(now.getTime() + deps.settings.leaseMs),
        at: now,
      });
      // SmsQueued is written by the same statement, only if it queued the text.
      const rows = await tx.changeWithEvents<SendRow>(
        send,
        (events) =>
          events.append("SmsQueued", call.businessId, {
            smsId: sms.id,
            businessId: call.businessId,
            callId: call.callId,
            recipientNumber: sms.recipientNumber,
            senderNumber: sms.senderNumber,
            body: sms.message,
            kind: smsKindEnum(sms.kind),
            queuedAt: timestampFromDate(now),
          }),
        { when: SEND_QUEUED, last: true },
      );
      const recorded = sendRecorded(rows);
      if (recorded.type === "duplicate") return recorded;
      if (recorded.type === "stale") return "stale";
      return { type: "queued", sms, texted: recorded.texted };
    }
    default: {
      const unexpected: never = decision;
      throw new Error(`unknown decision ${JSON.stringify(unexpected)}`);
    }
  }
}

function appendSuppressed(tx: MessagingSqlTx, call: MissedCallEvent, reason: SuppressionReasonName, now: Date): void {
  tx.append("SmsSuppressed", call.businessId, {
    businessId: call.businessId,
    callId: call.callId,
    recipientNumber: call.callerNumber,
    reason: suppressionReasonEnum(reason),
    suppressedAt: timestampFromDate(now),
  });
}
