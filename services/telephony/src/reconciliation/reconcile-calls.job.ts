// Reconciliation from the provider: the calls our voice webhook never got (it failed outright, and Twilio does not
// retry a voice webhook) are found in the provider's call list and recorded, once, through the same CallRecorder.
import { telephonyV1 } from "@rebound/contracts";
import { metricsRegistry, type JobDefinition } from "@rebound/platform";
// prom-client comes with @rebound/platform (its metricsRegistry); the kit exports no Counter of its own yet.
import { Counter } from "prom-client";
import type { ProviderCall } from "@rebound/providers/telephony";
import type { PhoneNumberRecord } from "../store/phone-number.repository";
import type { TelephonyDeps } from "../telephony-deps";
import type { CallWatermarkRepository } from "./call-watermark.repository";
import { missedCallsToReconcile, reconcileWindow, takeInTurn } from "./reconcile-window";

const reconciledCalls = new Counter({
  name: "telephony_reconciled_calls_total",
  help: "Missed calls found at the provider that our voice webhook never recorded",
  registers: [metricsRegistry],
});
const reconcileFailures = new Counter({
  name: "telephony_reconcile_failures_total",
  help: "Numbers whose provider call list could not be read in a reconciliation run (retried next run)",
  registers: [metricsRegistry],
});

export type CallReconcileDeps = Pick<TelephonyDeps, "db" | "provider" | "phoneNumbers" | "recorder" | "config" | "clock" | "logger" | "testCallerNumber">;

export interface CallReconcileResult {
  /** Numbers asked about in this run. */
  numbers: number;
  /** Calls recorded by this run (their webhook had failed). */
  reconciled: number;
  /** Numbers whose list failed (their watermark stays: the next run asks again). */
  failed: number;
}

/**
 * One reconciliation pass over at most TELEPHONY_RECONCILE_MAX_NUMBERS dedicated numbers (in turn across runs):
 * per number, the provider's calls since its watermark minus an overlap (first run: the lookback), the unknown
 * CallSids among the missed calls recorded with the provider's start time (CallReceived + CallMissed; messaging
 * decides whether a text is still useful), then the watermark moves to the window's end. A provider failure is
 * logged and counted, that number's watermark stays and the others go on. Idempotent by CallSid (a second run, or
 * another replica's, records nothing): the recorder skips a known CallSid.
 */
export class CallReconciler {
  private cursor = 0;

  constructor(
    private readonly deps: CallReconcileDeps,
    private readonly watermarks: CallWatermarkRepository,
  ) {}

  async run(): Promise<CallReconcileResult> {
    const { provider, config, logger } = this.deps;
    if (!provider.listCalls) return { numbers: 0, reconciled: 0, failed: 0 };
    const all = (await this.deps.phoneNumbers.listAll()).sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber));
    const { batch, next } = takeInTurn(all, this.cursor, config.TELEPHONY_RECONCILE_MAX_NUMBERS);
    this.cursor = next;
    const watermarks = await this.watermarks.find(batch.map((number) => number.phoneNumber));
    const result: CallReconcileResult = { numbers: batch.length, reconciled: 0, failed: 0 };
    for (const number of batch) {
      try {
        result.reconciled += await this.reconcileNumber(number, watermarks.get(number.phoneNumber));
      } catch (error) {
        result.failed++;
        reconcileFailures.inc();
        logger.warn(
          { err: error, phoneNumber: number.phoneNumber, businessId: number.businessId },
          "call reconciliation failed for a number; retried next run",
        );
      }
    }
    if (result.reconciled > 0)
      logger.warn({ reconciled: result.reconciled, numbers: result.numbers }, "calls reconciled from the provider (their voice webhook had failed)");
    return result;
  }

  private async reconcileNumber(number: PhoneNumberRecord, watermark: Date | undefined): Promise<number> {
    const { provider, config, clock } = this.deps;
    const window = reconcileWindow({
      watermark,
      now: clock.now(),
      lookbackMs: config.TELEPHONY_RECONCILE_LOOKBACK_MS,
      settleMs: config.TELEPHONY_RECONCILE_SETTLE_MS,
    });
    if (!window) return 0;
    const listed = await provider.listCalls!({
      to: number.phoneNumber,
      startedAfter: window.from,
      ...(number.accountSid ? { accountSid: number.accountSid } : {}),
    });
    const missed = missedCallsToReconcile(listed, { dedicatedNumber: number.phoneNumber, until: window.until, testCallerNumber: this.deps.testCallerNumber });
    const unknown = await this.unknownOf(missed);
    let recorded = 0;
    for (const call of unknown) {
      const outcome = await this.deps.recorder.record({
        callSid: call.sid,
        from: call.from,
        to: call.to,
        callStatus: call.status,
        direction: call.direction,
        ...(call.forwardedFrom ? { forwardedFrom: call.forwardedFrom } : {}),
        businessId: number.businessId,
        purpose: telephonyV1.CallPurpose.MISSED_CALL,
        receivedAt: call.startTime,
      });
      if (!outcome.recorded) continue;
      recorded++;
      reconciledCalls.inc();
      this.deps.logger.warn(
        { callSid: call.sid, businessId: number.businessId, startTime: call.startTime.toISOString() },
        "missed call recorded by reconciliation: its voice webhook never reached us",
      );
    }
    await this.watermarks.advance(number.phoneNumber, window.until);
    return recorded;
  }

  /** The calls whose CallSid we have not recorded (one query; the recorder still skips a known one). */
  private async unknownOf(calls: ProviderCall[]): Promise<ProviderCall[]> {
    if (calls.length === 0) return [];
    const known = await this.deps.db.client.call.findMany({ where: { callSid: { in: calls.map((call) => call.sid) } }, select: { callSid: true } });
    const knownSids = new Set(known.map((row) => row.callSid));
    return calls.filter((call) => !knownSids.has(call.sid));
  }
}

export function reconcileCallsJob(reconciler: CallReconciler, intervalMs: number): JobDefinition {
  return {
    name: "telephony:reconcile-calls",
    intervalMs,
    run: async () => {
      await reconciler.run();
    },
  };
}
