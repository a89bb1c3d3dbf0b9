// Call-path benchmark (npm run bench:call-path). Starts a fake carrier (a local
// stand-in for Twilio's REST API), Rebound standalone pointed at it (Twilio adapter,
// PGlite, embedded bus) and a bare baseline server; fires signed voice webhooks at a
// fixed rate and reports, per call, webhook sent -> SMS send request at the carrier.
// With `--postgres` (npm run bench:call-path -- --postgres) Rebound runs on PostgreSQL
// instead: a fresh database beside BENCH_POSTGRES_URL (default the local server), migrated
// with `npm run db:migrate:deploy` first and dropped afterwards.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeTwilioApi } from "@rebound/testing/telephony";
import { fireCalls, type Target } from "./fire-calls";
import { setUpOwner } from "./owner-setup";
import { freePort, repoRoot, spawnTs, stopChild, waitForHttp } from "./processes";
import { formatRow, HEADER, type RunResult } from "./stats";
import { Client } from "pg";

const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const STEP_RATES_ENV = process.env.BENCH_STEP_RATES?.split(",").map(Number);
/** Above the sustained rate when it met the target, else below it: either way the highest passing rate is found. */
const stepRates = (sustainedPassed: boolean) => STEP_RATES_ENV ?? (sustainedPassed ? [110, 120, 130, 140, 150, 175, 200] : [20, 30, 40, 50, 60, 70, 80, 90]);
const P99_TARGET_MS = 100;
/** Node flags Rebound runs with under `npm start` (package.json): a 32 MB young generation means fewer scavenges. */
const STANDALONE_NODE_FLAGS = ["--max-semi-space-size=32"];

const POSTGRES = process.argv.includes("--postgres");
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** A fresh PostgreSQL database for one run, migrated by `npm run db:migrate:deploy`; `drop` removes it. */
async function benchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rebound_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const drop = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const migrated = spawnSync("npm", ["run", "--silent", "db:migrate:deploy"], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url.toString() }, stdio: "inherit" });
  if (migrated.status !== 0) {
    await drop();
    throw new Error("npm run db:migrate:deploy failed");
  }
  return { url: url.toString(), drop };
}

async function main(): Promise<void> {
  const postgres = POSTGRES ? await benchPostgresDatabase() : undefined;
  const carrier = await startFakeTwilioApi({ callbackStepMs: 5 });
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-bench-"));
  const reboundPort = await freePort();
  const reboundUrl = `http://127.0.0.1:${reboundPort}`;
  const rebound = spawnTs(join(repoRoot, "services/standalone/src/main.ts"), {
    PORT: String(reboundPort),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: reboundUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Not "production": since issue 16 it refuses the local payment provider and the dev
    // mailbox, which the owner set-up uses; nothing on the call path reads NODE_ENV.
    NODE_ENV: process.env.BENCH_NODE_ENV ?? "development",
    INTERNAL_AUTH_SECRET: "bench-internal-secret-0123456789",
    SESSION_SECRET: "bench-session-secret-0123456789",
    TWILIO_ACCOUNT_SID: carrier.accountSid,
    TWILIO_AUTH_TOKEN: carrier.authToken,
    TWILIO_API_BASE_URL: carrier.url,
    TWILIO_TEST_CALLER_NUMBER: "+15005550006",
    SMS_MESSAGES_PER_SECOND: "1000",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  }, [...STANDALONE_NODE_FLAGS, ...(process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [])]);
  const baselinePort = await freePort();
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  try {
    await waitForHttp(`${reboundUrl}/readyz`);
    const { dedicatedNumber } = await setUpOwner(reboundUrl, "Thanks for calling [Business Name]! We missed you and will call back shortly.");
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // settings reach the read models through the bus
    const reboundTarget: Target = { label: postgres ? "rebound on postgres" : "rebound standalone", baseUrl: reboundUrl, authToken: carrier.authToken, dedicatedNumber, pid: rebound.pid };

    const baseline = spawnTs(join(__dirname, "baseline-server.ts"), {
      PORT: String(baselinePort),
      CARRIER_URL: carrier.url,
      ACCOUNT_SID: carrier.accountSid,
      AUTH_TOKEN: carrier.authToken,
      FROM_NUMBER: dedicatedNumber,
    });
    const baselineTarget: Target = { label: "baseline (bare express)", baseUrl: baselineUrl, authToken: carrier.authToken, dedicatedNumber, pid: baseline.pid };
    await waitForHttp(`${baselineUrl}/healthz`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // Each target is measured right after its own warm-up, long enough for V8 to optimise the
    // hot code and for the hot statements to be prepared (the first seconds of a fresh process
    // are not the steady state the targets are about). A target left idle while the other
    // one runs would cool down again: V8 drops the compiled code of functions not run lately.
    const warmUpThenRun = async (target: Target) => {
      await fireCalls(target, carrier, 50, WARM_UP_SECONDS);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const result = await fireCalls(target, carrier, RATE, DURATION);
      console.log(formatRow(result));
      return result;
    };
    console.log(`\nsustained: ${RATE} calls/s for ${DURATION} s, each target after a ${WARM_UP_SECONDS} s warm-up at 50 calls/s\n${HEADER}`);
    const sustained: RunResult[] = [await warmUpThenRun(baselineTarget), await warmUpThenRun(reboundTarget)];
    const [base, ours] = sustained as [RunResult, RunResult];
    console.log(
      `\n  p50 ratio rebound/baseline: ${(ours.p50 / base.p50).toFixed(2)}x (target <= 5x); p99 ${ours.p99.toFixed(1)} ms (target < ${P99_TARGET_MS}); ` +
        `texted ${ours.texted}/${ours.sent}, duplicates ${ours.duplicates}`,
    );

    await new Promise((resolve) => setTimeout(resolve, 3_000)); // let a backlog from the sustained run drain
    console.log(`\nstep-up: ${STEP_SECONDS} s per rate until p99 >= ${P99_TARGET_MS} ms\n${HEADER}`);
    let highest = ours.p99 < P99_TARGET_MS && ours.texted === ours.sent ? RATE : 0;
    for (const rate of stepRates(highest > 0)) {
      const result = await fireCalls(reboundTarget, carrier, rate, STEP_SECONDS);
      console.log(formatRow(result));
      if (result.p99 >= P99_TARGET_MS || result.texted < result.sent || result.duplicates > 0) break;
      highest = rate;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    console.log(`\n  highest rate with p99 < ${P99_TARGET_MS} ms, every call texted once: ${highest} calls/s\n`);
    await stopChild(baseline);
  } finally {
    await stopChild(rebound);
    await carrier.close();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
