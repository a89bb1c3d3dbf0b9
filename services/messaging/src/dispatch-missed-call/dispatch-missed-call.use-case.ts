// CallMissed -> decide from memory -> one transaction (the call's decision + sms_logs row +
// SmsQueued, or SmsSuppressed) -> the send is queued outside the transaction.
// The write goes through the service's shared group commit (db.batchedTransaction): decisions,
// send results and status callbacks arriving together share one transaction. PGlite is a
// single connection, and a transaction's fixed cost dominates its few statements.
import { timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Clock } from "@rebound/platform";
import { decide, monthlyCap, type DispatchDecision, type DispatchState, type MissedCall, type SuppressionReasonName } from "../domain/decide";
import { duplicateWindowMs } from "../domain/dispatch-config";
import { smsKindEnum, suppressionReasonEnum } from "../domain/event-enums";
import type { DispatchReadModel } from "../read-model/dispatch-read-model";
import type { ReadModelLoader } from "../read-model/read-model-loader";
import type { SmsSender } from "../send-sms/sms-sender";
import type { DispatchRepository } from "../store/dispatch.repository";
import type { MessagingDb, MessagingSqlTx } from "../store/messaging-db";
import type { SmsToSend } from "../store/sms-log.repository";

export interface MissedCallEvent extends MissedCall {
  eventId: string;
  businessId: string;
}

export interface DispatchMissedCallDeps {
  db: MessagingDb;
  readModel: DispatchReadModel;
  loader: ReadModelLoader;
  dispatches: DispatchRepository;
  sender: SmsSender;
  clock: Clock;
  leaseMs: number;
  /** How long a call for a business the read model does not know yet waits for its events. */
  unknownBusinessWaitMs: number;
}

interface Decided {
  call: MissedCallEvent;
  decision: DispatchDecision;
  state: DispatchState;
  month: string;
  now: Date;
}

type Committed =
  | { type: "duplicate" }
  | { type: "suppressed" }
  /** Memory said send, the tables said no: memory lagged (another replica wrote). */
  | { type: "stale"; reason: SuppressionReasonName }
  | { type: "queued"; sms: SmsToSend; texted: number };

export class DispatchMissedCall {
  constructor(private readonly deps: DispatchMissedCallDeps) {}

  async execute(call: MissedCallEvent): Promise<void> {
    await this.waitForBusiness(call.businessId);
    const { readModel, clock } = this.deps;
    const now = clock.now();
    const state = readModel.stateFor(call.businessId, call.callerNumber, now);
    const month = readModel.monthOf(call.businessId, now);
    const decided: Decided = { call, decision: decide(state, call, now), state, month, now };
    const committed = await this.deps.db.batchedTransaction((tx) => this.commit(tx, decided));
    switch (committed.type) {
      case "duplicate":
      case "suppressed":
        return;
      case "stale":
        await this.deps.loader.reloadCaller(call.businessId, call.callerNumber, month);
        return;
      case "queued":
        readModel.setTexted(call.businessId, month, committed.texted);
        readModel.setLastTexted(call.businessId, call.callerNumber, now);
        this.deps.sender.enqueue(committed.sms);
        return;
      default: {
        const unexpected: never = committed;
        throw new Error(`unknown outcome ${JSON.stringify(unexpected)}`);
      }
    }
  }

  private async commit(tx: MessagingSqlTx, { call, decision, state, month, now }: Decided): Promise<Committed> {
    switch (decision.type) {
      case "suppress": {
        const first = await this.deps.dispatches.recordSuppressed(tx, { ...call, reason: decision.reason, at: now });
        if (!first) return { type: "duplicate" };
        this.appendSuppressed(tx, call, decision.reason, now);
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
        const recorded = await this.deps.dispatches.recordSend(tx, {
          eventId: call.eventId,
          sms,
          month,
          cap: monthlyCap(state.subscription),
          windowStart: new Date(now.getTime() - duplicateWindowMs(settings)),
          leaseUntil: new Date(now.getTime() + this.deps.leaseMs),
          at: now,
        });
        if (recorded.type === "duplicate") return recorded;
        if (recorded.type === "suppressed") {
          this.appendSuppressed(tx, call, recorded.reason, now);
          return { type: "stale", reason: recorded.reason };
        }
        tx.append("SmsQueued", call.businessId, {
          smsId: sms.id,
          businessId: call.businessId,
          callId: call.callId,
          recipientNumber: sms.recipientNumber,
          senderNumber: sms.senderNumber,
          body: sms.message,
          kind: smsKindEnum(sms.kind),
          queuedAt: timestampFromDate(now),
        });
        return { type: "queued", sms, texted: recorded.texted };
      }
      default: {
        const unexpected: never = decision;
        throw new Error(`unknown decision ${JSON.stringify(unexpected)}`);
      }
    }
  }

  private appendSuppressed(tx: MessagingSqlTx, call: MissedCallEvent, reason: SuppressionReasonName, now: Date): void {
    tx.append("SmsSuppressed", call.businessId, {
      businessId: call.businessId,
      callId: call.callId,
      recipientNumber: call.callerNumber,
      reason: suppressionReasonEnum(reason),
      suppressedAt: timestampFromDate(now),
    });
  }

  /** Config events travel on other topics and may trail the call by a moment (e.g. right after start-up). */
  private async waitForBusiness(businessId: string): Promise<void> {
    const deadline = Date.now() + this.deps.unknownBusinessWaitMs;
    while (!this.deps.readModel.business(businessId)?.settings && Date.now() < deadline) await sleep(50);
  }
}
