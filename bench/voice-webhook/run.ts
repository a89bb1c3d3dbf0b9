// Voice webhook handling time on PGlite: telephony alone (no gateway), load from
// a separate process (fire-voice-webhooks.ts). Prints p50/p95/p99 for posts one
// after another and for evenly spaced arrivals at fixed rates.
// Run: npm run bench:voice-webhook -- [count] [rates...]
import { timestampFromDate } from "@rebound/contracts";
import { createPendingEvent, createSilentLogger, startServices, toBusRecord } from "@rebound/platform";
import { CarrierSimulator, MemoryJournal } from "@rebound/carrier-simulator";
import { createTestRuntime } from "@rebound/testing";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { purchaseNumber } from "../../services/telephony/src/phone-numbers/purchase-number.use-case";
import { createTelephonyService } from "../../services/telephony/src/service";

const COUNT = Number(process.argv[2] ?? 500);
const RATES = process.argv.slice(3).map(Number);
const run = promisify(execFile);

interface Fired {
  samples: number[];
  elapsedMs: number;
}

async function fire(url: string, to: string, prefix: string, rate: number): Promise<Fired> {
  const args = ["tsx", join(__dirname, "fire-voice-webhooks.ts"), url, to, prefix, String(COUNT), String(rate)];
  const { stdout } = await run("npx", args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: "" } });
  return JSON.parse(stdout) as Fired;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function line(label: string, fired: Fired): string {
  const sorted = [...fired.samples].sort((a, b) => a - b);
  const ms = (p: number) => `${percentile(sorted, p).toFixed(1)}ms`;
  const throughput = ((fired.samples.length / fired.elapsedMs) * 1000).toFixed(0);
  return `${label.padEnd(12)} n=${sorted.length} p50=${ms(50)} p95=${ms(95)} p99=${ms(99)} max=${(sorted.at(-1) ?? 0).toFixed(1)}ms throughput=${throughput}/s`;
}

async function main(): Promise<void> {
  const logger = createSilentLogger();
  const runtime = await createTestRuntime({ migrate: [join(__dirname, "..", "..")], logger });
  let url = "";
  const simulator = new CarrierSimulator({ authToken: "dev-auth-token", publicBaseUrl: () => url, journal: new MemoryJournal(), logger });
  const service = createTelephonyService(runtime, { provider: simulator, publicBaseUrl: () => url });
  const router = service.router;
  if (!router) throw new Error("no router");
  const running = await startServices(runtime, [service], { port: 0, mount: (app) => app.use(router) });
  url = running.url;

  const registered = createPendingEvent(
    "UserRegistered",
    "user-bench",
    { userId: "user-bench", paymentMethodId: "pm_card_visa", registeredAt: timestampFromDate(new Date()) },
    new Date(),
  );
  const created = createPendingEvent(
    "BusinessCreated",
    "biz-bench",
    { businessId: "biz-bench", userId: "user-bench", createdAt: timestampFromDate(new Date()) },
    new Date(),
  );
  await runtime.bus.publish([toBusRecord(registered), toBusRecord(created)]);
  while (!service.deps.sync.directory.businessIdOfUser("user-bench") || !service.deps.sync.directory.entitlementOf("user-bench")) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const [available] = await simulator.searchLocalNumbers("305", { limit: 1 });
  const dedicated = (await purchaseNumber(service.deps, "user-bench", available?.phoneNumber ?? "")).phoneNumber;

  await fire(url, dedicated, "warm", 0);
  console.log(line("sequential", await fire(url, dedicated, "seq", 0)));
  for (const rate of RATES) console.log(line(`at ${rate}/s`, await fire(url, dedicated, `r${rate}x`, rate)));
  const calls = await service.deps.db.client.call.count();
  console.log(`calls recorded: ${calls} (expected ${COUNT * (2 + RATES.length)})`);
  await running.stop();
  await simulator.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
