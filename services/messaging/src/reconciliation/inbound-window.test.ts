import type { ProviderInboundMessage } from "@rebound/providers/telephony";
import { inboundToReconcile, RECONCILE_OVERLAP_MS, reconcileWindow, takeInTurn } from "./inbound-window";

const NOW = new Date("2026-11-26T12:00:00Z");
const MIN = 60_000;

describe("inbound reconciliation window", () => {
  it("first run: the lookback up to now minus the settle time; then the watermark minus the overlap, never before the lookback", () => {
    expect(reconcileWindow({ watermark: undefined, now: NOW, lookbackMs: 15 * MIN, settleMs: 30_000 })).toEqual({
      from: new Date(NOW.getTime() - 15 * MIN),
      until: new Date(NOW.getTime() - 30_000),
    });
    const watermark = new Date(NOW.getTime() - MIN);
    expect(reconcileWindow({ watermark, now: NOW, lookbackMs: 15 * MIN, settleMs: 0 })?.from).toEqual(new Date(watermark.getTime() - RECONCILE_OVERLAP_MS));
    expect(reconcileWindow({ watermark: new Date(0), now: NOW, lookbackMs: 15 * MIN, settleMs: 0 })?.from).toEqual(new Date(NOW.getTime() - 15 * MIN));
    expect(reconcileWindow({ watermark: undefined, now: NOW, lookbackMs: MIN, settleMs: 2 * MIN })).toBeUndefined();
  });

  it("keeps the texts to the number inside the window, oldest first (STOP before START), each sid once", () => {
    const text = (sid: string, minutesAgo: number, overrides: Partial<ProviderInboundMessage> = {}): ProviderInboundMessage => ({
      sid,
      from: "+15551230001",
      to: "+13055550100",
      body: "hi",
      dateSent: new Date(NOW.getTime() - minutesAgo * MIN),
      ...overrides,
    });
    const messages = [
      text("SM3", 1, { body: "START" }),
      text("SM2", 2, { body: "STOP" }),
      text("SM2", 2),
      text("SM4", 1, { to: "+13055550199" }),
      text("SM5", -1),
    ];
    expect(inboundToReconcile(messages, { dedicatedNumber: "+13055550100", until: NOW }).map((message) => message.sid)).toEqual(["SM2", "SM3"]);
  });

  it("takes numbers in turn", () => {
    expect(takeInTurn(["a", "b", "c"], 2, 2)).toEqual({ batch: ["c", "a"], next: 1 });
  });
});
