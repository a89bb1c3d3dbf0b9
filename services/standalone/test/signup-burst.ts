import { Browser, json } from "@rebound/testing";
import type { OwnerClient } from "./standalone-harness";

// Issue 16's load test: many sign-ups at once, each followed at once by GET /api/business and the
// purchase of a dedicated number, as the web app does right after sign-up. Shared by the jest test
// (services/standalone/test/signup-burst.test.ts) and the bench (bench/signup-burst/run.ts).

/** Real US area codes: 20 numbers each from the simulator, one per new owner. */
const AREA_CODES = ["212", "305", "312", "415", "512", "617", "702", "206", "303", "404", "213", "310", "646", "718", "773"];

export interface BurstResult {
  register: number;
  business: number;
  businessIsTheirs: boolean;
  purchase: number;
  registerMs: number;
  businessMs: number;
  purchaseMs: number;
  totalMs: number;
}

export interface BurstSummary {
  count: number;
  wallMs: number;
  results: BurstResult[];
  failures: BurstResult[];
  /** p50, p95 and max in ms of each step and of the whole flow. */
  timings: Record<"register" | "business" | "purchase" | "total", { p50: number; p95: number; max: number }>;
}

/** One distinct available number per owner, searched before the burst (a search made during it would race the purchases). */
export async function numbersForBurst(searcher: OwnerClient, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (const areaCode of AREA_CODES) {
    if (numbers.length >= count) break;
    const search = await searcher.call<{ numbers: Array<{ phoneNumber: string }> }>("GET", `/api/phone-numbers/search/${areaCode}`);
    numbers.push(...search.body.numbers.map((number) => number.phoneNumber));
  }
  if (numbers.length < count) throw new Error(`only ${numbers.length} numbers for ${count} owners`);
  return numbers.slice(0, count);
}

const signUp = (email: string) => ({
  email,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Burst",
  lastName: "Owner",
  subscriptionPlan: "professional",
  billingFrequency: "monthly",
  // Stripe's test card: the trial starts, and a number needs a subscription in good standing.
  paymentMethodId: "pm_card_visa",
});

export async function runSignupBurst(baseUrl: string, numbers: string[], tag: string): Promise<BurstSummary> {
  const started = performance.now();
  const results = await Promise.all(
    numbers.map(async (phoneNumber, index): Promise<BurstResult> => {
      const visitor = new Browser(baseUrl);
      const email = `burst-${tag}-${index}@example.com`;
      // visitors behind the one trusted proxy the test client is (sign-up is limited per IP)
      const from = { "x-forwarded-for": `10.77.${index >> 8}.${(index & 255) + 1}` };
      const t0 = performance.now();
      const register = await visitor.request("POST", "/api/register", signUp(email), from);
      await register.arrayBuffer();
      const t1 = performance.now();
      const business = await visitor.request("GET", "/api/business", undefined, from);
      const businessBody = await json<{ ownerEmail?: string }>(business).catch(() => ({}) as { ownerEmail?: string });
      const t2 = performance.now();
      const purchase = await visitor.request("POST", "/api/phone-numbers/purchase", { phoneNumber }, from);
      await purchase.arrayBuffer();
      const t3 = performance.now();
      return {
        register: register.status,
        business: business.status,
        businessIsTheirs: businessBody.ownerEmail === email,
        purchase: purchase.status,
        registerMs: t1 - t0,
        businessMs: t2 - t1,
        purchaseMs: t3 - t2,
        totalMs: t3 - t0,
      };
    }),
  );
  const wallMs = performance.now() - started;
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
    return { p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1) ?? 0) };
  };
  return {
    count: numbers.length,
    wallMs: Math.round(wallMs),
    results,
    failures: results.filter((result) => result.register !== 201 || result.business !== 200 || !result.businessIsTheirs || result.purchase !== 201),
    timings: {
      register: stats(results.map((result) => result.registerMs)),
      business: stats(results.map((result) => result.businessMs)),
      purchase: stats(results.map((result) => result.purchaseMs)),
      total: stats(results.map((result) => result.totalMs)),
    },
  };
}

export function describeBurst(summary: BurstSummary): string {
  const line = (name: keyof BurstSummary["timings"]) =>
    `${name} p50=${summary.timings[name].p50}ms p95=${summary.timings[name].p95}ms max=${summary.timings[name].max}ms`;
  return `${summary.count} sign-ups at once, each then GET /api/business and a purchase: ${summary.count - summary.failures.length} all succeeded, wall ${summary.wallMs} ms; ${(["register", "business", "purchase", "total"] as const).map(line).join("; ")}`;
}
