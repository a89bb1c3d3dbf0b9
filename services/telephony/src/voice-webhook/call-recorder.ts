import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import type { EventAppender, SqlTx } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { forwardingTestResult } from "../domain/forwarding-result";
import { classifyCaller } from "@rebound/contracts/domain";
import { completeForwardingTest } from "../forwarding-test/complete-forwarding-test";
import type { CallRecord } from "../store/call.repository";
import type { TelephonyTx } from "../store/telephony-db";
import type { TelephonyDeps } from "../telephony-deps";
import { callerIdKindEnum, directionOf, stirVerdictEnum, type IncomingCall, type RecordOutcome } from "./incoming-call";

/**
 * Records calls through the service db's group commit (`sqlTransaction` with
 * `groupCommit: "urgent"`): webhooks read in the same event-loop turn, or arriving while a
 * transaction is in flight, share the next one with each other and with the service's
 * other hot writes, so under load many calls share a commit (PGlite commits one at a
 * time) and at low load a call waits for nobody. Per call, one statement (`changeWithEvents`):
 * its calls row (unique CallSid: a repeat, even in the same transaction, is skipped) and, when
 * inserted, CallReceived + CallMissed for a missed call we can text back. A forwarding test
 * call (rare) needs Prisma's models to conclude the test: it runs in a transaction of its own
 * (`db.transaction`).
 */
export class CallRecorder {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: Pick<TelephonyDeps, "db" | "calls" | "forwardingTests" | "clock" | "config">) {}

  record(call: IncomingCall): Promise<RecordOutcome> {
    const now = call.receivedAt ?? this.deps.clock.now();
    const row = toRow(call, now);
    const recording =
      row.purpose === "forwarding_test"
        ? this.deps.db.transaction((tx) => this.recordTestCall(tx, row, call, now))
        : this.deps.db.sqlTransaction((tx) => this.recordMissedCall(tx, row, call, now), { groupCommit: "urgent" });
    this.inFlight.add(recording);
    void recording.finally(() => this.inFlight.delete(recording)).catch(() => undefined);
    return recording;
  }

  /** Waits for calls in flight (shutdown). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** The calls row and its events in one statement, which carries the COMMIT when no other work shares the transaction. */
  private async recordMissedCall(tx: SqlTx, row: CallRecord, call: IncomingCall, now: Date): Promise<RecordOutcome> {
    const inserted = await tx.changeWithEvents(this.deps.calls.insertNewStatement([row]), (events) => appendCallEvents(events, row, call, now), { last: true });
    return { recorded: inserted.length > 0, completedTests: [] };
  }

  private async recordTestCall(tx: TelephonyTx, row: CallRecord, call: IncomingCall, now: Date): Promise<RecordOutcome> {
    const inserted = await this.deps.calls.insertNew(tx, [row]);
    if (!inserted.has(row.callSid)) return { recorded: false, completedTests: [] };
    appendCallEvents(tx, row, call, now);
    return { recorded: true, completedTests: await this.concludeTests(tx, call, now) };
  }

  private async concludeTests(tx: TelephonyTx, call: IncomingCall, now: Date): Promise<string[]> {
    const ids: string[] = [];
    for (const test of await this.deps.forwardingTests.findPending(tx, call.businessId)) {
      const result = forwardingTestResult(
        { status: "success" },
        {
          testedNumber: test.testedNumber,
          dedicatedNumber: test.dedicatedNumber,
          ringSeconds: this.deps.config.FORWARDING_TEST_RING_SECONDS,
          windowSeconds: this.deps.config.FORWARDING_TEST_WINDOW_SECONDS,
        },
      );
      if (await completeForwardingTest(this.deps, tx, test, result, now, call.callSid)) ids.push(test.id);
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
  const caller = classifyCaller(call.from, call.stirVerstat);
  const screening = {
    callerIdKind: callerIdKindEnum(caller.kind),
    stirVerstat: call.stirVerstat ?? "",
    stirVerdict: stirVerdictEnum(caller.stir),
  };
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
    ...screening,
  });
  // A forwarding test texts nobody. Every missed call, withheld caller ids included, goes to
  // messaging, whose decide() suppresses it with the reason analytics counts.
  if (row.purpose !== "missed_call") return;
  tx.append("CallMissed", row.businessId, {
    callId: row.id,
    businessId: row.businessId,
    callSid: row.callSid,
    callerNumber: row.callerNumber,
    dedicatedNumber: row.toNumber,
    occurredAt: at,
    ...screening,
  });
}
