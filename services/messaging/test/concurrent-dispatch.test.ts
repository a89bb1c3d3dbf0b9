// Missed calls arriving at a steady rate across several businesses, interleaved in the group
// commits: each is texted exactly once. Latency is measured by bench/call-path, not here.
import { newBusiness, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

const CALLS = 200;
const RATE_PER_SECOND = 50;
const BUSINESSES = 10;

describe("concurrent dispatch", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startMessaging();
  });
  afterAll(() => h.stop());

  it(`given ${CALLS} missed calls at ${RATE_PER_SECOND}/s across ${BUSINESSES} businesses, when dispatched, then each caller is texted exactly once`, async () => {
    const businesses = Array.from({ length: BUSINESSES }, () => newBusiness());
    for (const b of businesses) await h.seedBusiness(b, b.dedicated);

    const started = Date.now();
    const publishes: Promise<unknown>[] = [];
    for (let i = 0; i < CALLS; i++) {
      const due = started + (i * 1000) / RATE_PER_SECOND;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const b = businesses[i % BUSINESSES] as (typeof businesses)[number];
      const caller = `+1555${String(2_000_000 + i)}`;
      publishes.push(h.missedCall({ businessId: b.businessId, callId: `latency-${i}`, from: caller, to: b.dedicated }));
    }
    await Promise.all(publishes);
    await waitUntil(async () => (await h.db.client.smsLog.count({ where: { status: "sent" } })) === CALLS, 30_000);

    expect(h.provider.calls).toHaveLength(CALLS);
    expect(new Set(h.provider.calls.map((c) => c.request.to)).size).toBe(CALLS);
  });
});
