import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import { GroupCommit, type EventAppender, type SqlExecutor } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { forwardingTestResult } from "../domain/forwarding-result";
import { isTextable } from "../domain/phone-numbers";
import { completeForwardingTest } from "../forwarding-test/complete-forwarding-test";
import { callRepository, type CallRecord } from "../store/call.repository";
import { forwardingTestRepository } from "../store/forwarding-test.repository";
import type { TelephonyTx } from "../store/telephony-db";
import type { TelephonyContext } from "../telephony-context";
import { directionOf, type IncomingCall, type RecordOutcome } from "./incoming-call";

const MAX_BATCH = 200;

/**
 * Records calls with group commit (platform GroupCommit): webhooks read in the same
 * event-loop turn, or arriving while a transaction is in flight, share the next
 * one, so under load many calls share a commit (PGlite commits one at a time) and
 * at low load a call waits for nobody. Each transaction: calls rows (unique
 * CallSid, duplicates skipped) + CallReceived + CallMissed for missed calls +
 * ForwardingTestCompleted for test calls.
 */
export class CallRecorder {
  private readonly writer = new GroupCommit<IncomingCall, RecordOutcome>((calls) => this.write(calls), MAX_BATCH);

  constructor(private readonly context: TelephonyContext) {}

  record(call: IncomingCall): Promise<RecordOutcome> {
    return this.writer.submit(call);
  }

  /** Waits for calls in flight (shutdown). */
  async flush(): Promise<void> {
    await this.writer.idle();
  }

  private async write(calls: IncomingCall[]): Promise<RecordOutcome[]> {
    const now = this.context.clock.now();
    const firstOfSid = new Map<string, number>();
    calls.forEach((call, index) => {
      if (!firstOfSid.has(call.callSid)) firstOfSid.set(call.callSid, index);
    });
    const rows = [...firstOfSid.values()].map((index) => toRow(calls[index] as IncomingCall, now));
    const completed = new Map<string, string[]>();
    const recordAll = async (tx: SqlExecutor & EventAppender, testTx?: TelephonyTx) => {
      const newSids = await callRepository.insertNew(tx, rows);
      for (const row of rows) {
        if (!newSids.has(row.callSid)) continue;
        const call = calls[firstOfSid.get(row.callSid) as number] as IncomingCall;
        appendCallEvents(tx, row, call, now);
        if (row.purpose === "forwarding_test" && testTx) completed.set(row.callSid, await this.concludeTests(testTx, call, now));
      }
      return newSids;
    };
    // Forwarding tests (rare) need Prisma's models; missed calls take the raw hot path.
    const inserted = rows.some((row) => row.purpose === "forwarding_test")
      ? await this.context.db.transaction((tx) => recordAll(tx, tx))
      : await this.context.db.sqlTransaction((tx) => recordAll(tx));
    return calls.map((call, index) => {
      const first = firstOfSid.get(call.callSid) === index;
      return { recorded: first && inserted.has(call.callSid), completedTests: first ? (completed.get(call.callSid) ?? []) : [] };
    });
  }

  private async concludeTests(tx: TelephonyTx, call: IncomingCall, now: Date): Promise<string[]> {
    const ids: string[] = [];
    for (const test of await forwardingTestRepository.findPending(tx, call.businessId)) {
      const result = forwardingTestResult(
        { status: "success" },
        {
          testedNumber: test.testedNumber,
          dedicatedNumber: test.dedicatedNumber,
          ringSeconds: this.context.config.FORWARDING_TEST_RING_SECONDS,
          windowSeconds: this.context.config.FORWARDING_TEST_WINDOW_SECONDS,
        },
      );
      if (await completeForwardingTest(tx, test, result, now, call.callSid)) ids.push(test.id);
    }
    return ids;
  }
}

function toRow(call: IncomingCall, now: Date): CallRecord {
  return {
    id: randomUUID(),
    businessId: call.businessId,
    callSid: call.callSid,
    callerNumber: call.from,
    toNumber: call.to,
    callStatus: call.callStatus,
    callDirection: call.direction,
    purpose: call.purpose === telephonyV1.CallPurpose.FORWARDING_TEST ? "forwarding_test" : "missed_call",
    forwardedFrom: call.forwardedFrom ?? null,
    startTime: now,
  };
}

function appendCallEvents(tx: EventAppender, row: CallRecord, call: IncomingCall, now: Date): void {
  const at = timestampFromDate(now);
  tx.append("CallReceived", row.businessId, {
    callId: row.id,
    businessId: row.businessId,
    callSid: row.callSid,
    callerNumber: row.callerNumber,
    toNumber: row.toNumber,
    direction: directionOf(call.direction),
    callStatus: row.callStatus,
    purpose: call.purpose,
    wasAnswered: false,
    receivedAt: at,
  });
  // A forwarding test texts nobody; neither does a caller we cannot text (withheld or anonymous caller id).
  if (row.purpose !== "missed_call" || !isTextable(row.callerNumber)) return;
  tx.append("CallMissed", row.businessId, {
    callId: row.id,
    businessId: row.businessId,
    callSid: row.callSid,
    callerNumber: row.callerNumber,
    dedicatedNumber: row.toNumber,
    occurredAt: at,
  });
}
