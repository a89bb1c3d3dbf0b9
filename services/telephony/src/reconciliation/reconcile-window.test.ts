import type { ProviderCall } from "@rebound/providers/telephony";
import { missedCallsToReconcile, RECONCILE_OVERLAP_MS, reconcileWindow, takeInTurn } from "./reconcile-window";

const NOW = new Date("2026-11-26T12:00:00Z");
const MIN = 60_000;

describe("reconcileWindow", () => {
  it("given no watermark, then the lookback up to now minus the settle time", () => {
    expect(reconcileWindow({ watermark: undefined, now: NOW, lookbackMs: 15 * MIN, settleMs: 30_000 })).toEqual({
      from: new Date(NOW.getTime() - 15 * MIN),
      until: new Date(NOW.getTime() - 30_000),
    });
  });

  it("given a watermark, then from it minus the overlap", () => {
    const watermark = new Date(NOW.getTime() - MIN);
    expect(reconcileWindow({ watermark, now: NOW, lookbackMs: 15 * MIN, settleMs: 0 })?.from).toEqual(new Date(watermark.getTime() - RECONCILE_OVERLAP_MS));
  });

  it("given a watermark older than the lookback, then never before the lookback", () => {
    const watermark = new Date(NOW.getTime() - 3 * 86_400_000);
    expect(reconcileWindow({ watermark, now: NOW, lookbackMs: 15 * MIN, settleMs: 0 })?.from).toEqual(new Date(NOW.getTime() - 15 * MIN));
  });

  it("given a settle time longer than the lookback, then nothing to ask", () => {
    expect(reconcileWindow({ watermark: undefined, now: NOW, lookbackMs: MIN, settleMs: 2 * MIN })).toBeUndefined();
  });
});

describe("missedCallsToReconcile", () => {
  const call = (overrides: Partial<ProviderCall>): ProviderCall => ({
    sid: "CA1",
    from: "+15551230001",
    to: "+13055550100",
    status: "completed",
    direction: "inbound",
    startTime: new Date(NOW.getTime() - MIN),
    ...overrides,
  });
  const options = { dedicatedNumber: "+13055550100", until: NOW, testCallerNumber: "+15005550006" };

  it("keeps inbound calls to the number inside the window, oldest first, each CallSid once", () => {
    const calls = [
      call({ sid: "CA2", startTime: new Date(NOW.getTime() - MIN) }),
      call({ sid: "CA1", startTime: new Date(NOW.getTime() - 2 * MIN), forwardedFrom: "+13055559999" }),
      call({ sid: "CA2", startTime: new Date(NOW.getTime() - MIN) }),
    ];
    expect(missedCallsToReconcile(calls, options).map((kept) => kept.sid)).toEqual(["CA1", "CA2"]);
  });

  it("leaves out outbound calls, other numbers, failed calls, forwarding tests and calls after the window", () => {
    const calls = [
      call({ sid: "CA3", direction: "outbound-api" }),
      call({ sid: "CA4", to: "+13055550199" }),
      call({ sid: "CA5", status: "failed" }),
      call({ sid: "CA6", from: "+15005550006" }),
      call({ sid: "CA7", startTime: new Date(NOW.getTime() + 1) }),
      call({ sid: "CA8", status: "busy" }),
    ];
    expect(missedCallsToReconcile(calls, options).map((kept) => kept.sid)).toEqual(["CA8"]);
  });
});

describe("takeInTurn", () => {
  it("takes at most max items from the cursor, wrapping, and moves the cursor", () => {
    expect(takeInTurn([1, 2, 3, 4, 5], 0, 2)).toEqual({ batch: [1, 2], next: 2 });
    expect(takeInTurn([1, 2, 3, 4, 5], 4, 2)).toEqual({ batch: [5, 1], next: 1 });
    expect(takeInTurn([1, 2], 7, 5)).toEqual({ batch: [2, 1], next: 1 });
    expect(takeInTurn([], 3, 5)).toEqual({ batch: [], next: 0 });
  });
});
