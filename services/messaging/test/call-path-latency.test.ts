// Measures CallMissed published -> provider.sendSms called, on PGlite with a fast fake provider,
// at a fixed arrival rate across several businesses. Prints p50/p95/p99; asserts exactly-once
// delivery and only a loose latency bound: this is a measurement on a shared 2-core machine, the
// benchmark with targets is bench/call-path. LATENCY_RATE changes the offered rate.
import { performance } from "node:perf_hooks";
import { newBusiness, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

const CALLS = 200;
const RATE_PER_SECOND = Number(process.env.LATENCY_RATE ?? 50);
const BUSINESSES = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

describe("call path latency", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startMessaging();
  });
  afterAll(() => h.stop());

  it(`texts ${CALLS} missed calls at ${RATE_PER_SECOND}/s exactly once each, and reports CallMissed -> sendSms latency`, async () => {
    const businesses = Array.from({ length: BUSINESSES }, () => newBusiness());
    for (const b of businesses) await h.seedBusiness(b, b.dedicated);
    const publishedAt = new Map<string, number>();
    const arrivedAt = new Map<string, number>();
    h.provider.onSend = (request) => {
      if (!arrivedAt.has(request.to)) arrivedAt.set(request.to, performance.now());
    };

    const started = performance.now();
    const publishes: Promise<unknown>[] = [];
    for (let i = 0; i < CALLS; i++) {
      const due = started + (i * 1000) / RATE_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const b = businesses[i % BUSINESSES] as (typeof businesses)[number];
      const caller = `+1555${String(2_000_000 + i)}`;
      publishedAt.set(caller, performance.now());
      publishes.push(h.missedCall({ businessId: b.businessId, callId: `latency-${i}`, from: caller, to: b.dedicated }));
    }
    await Promise.all(publishes);
    await waitUntil(() => arrivedAt.size === CALLS, 30_000);
    const elapsedSeconds = (performance.now() - started) / 1000;
    await waitUntil(async () => (await h.db.client.smsLog.count({ where: { status: "sent" } })) === CALLS, 30_000);

    const latencies = [...publishedAt].map(([caller, at]) => (arrivedAt.get(caller) ?? NaN) - at).sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p));
    process.stdout.write(
      `\n  CallMissed -> provider.sendSms (${CALLS} calls, ${RATE_PER_SECOND}/s offered, ${BUSINESSES} businesses, ${h.database.kind}): ` +
        `p50 ${p50?.toFixed(1)} ms, p95 ${p95?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms, ` +
        `${(CALLS / elapsedSeconds).toFixed(0)} calls/s sustained\n`,
    );

    expect(h.provider.calls).toHaveLength(CALLS);
    expect(new Set(h.provider.calls.map((c) => c.request.to)).size).toBe(CALLS);
    expect(p99).toBeLessThan(5_000);
  });
});
