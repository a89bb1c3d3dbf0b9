// The systems the call-path benchmark measures, each started fresh and pointed at the
// bench's fake carrier (a local stand-in for Twilio's REST API, in the bench's process).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { createClient } from "redis";
import { startFakeTwilioApi, type FakeTwilioApi } from "@rebound/testing/telephony";
import { DEV_TWILIO_AUTH_TOKEN } from "@rebound/providers/telephony";
import type { Target } from "./fire-calls";
import { registerForUsTexting, setUpOwner, type Owner } from "./owner-setup";
import { descendantPids } from "./process-cpu";
import { SimulatorJournalFeed } from "./simulator-journal-feed";
import { freePort, freePortRange, repoRoot, spawnNode, spawnTs, stopChild, waitForHttp } from "./processes";

export interface StartedTarget {
  target: Target;
  stop(options?: { keepLogs?: boolean }): Promise<void>;
}

const OWNER_MESSAGE = "Thanks for calling [Business Name]! We missed you and will call back shortly.";
/**
 * The environment prefix and node flags of `npm start`'s last command (package.json "start"), so the bench
 * runs the bundle as shipped: glibc's malloc settings and V8's young generation (docs/decisions.md, issue 27).
 */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const scripts = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const words = (scripts.start?.split("&&").pop() ?? "").trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (const word of words) {
    const assignment = /^([A-Z_]+)=(.*)$/.exec(word);
    if (!assignment) break;
    env[assignment[1] as string] = assignment[2] as string;
  }
  if (words[Object.keys(env).length] !== "node") throw new Error(`package.json's start does not end with a node command: ${scripts.start}`);
  return { env, flags: words.filter((word) => word.startsWith("--")) };
}
const { env: STANDALONE_ENV, flags: STANDALONE_NODE_FLAGS } = startCommand();

/** `npm start`'s bundle of standalone (services/standalone/bundle.mjs: made again only when a source changed). */
function standaloneBundle(): string {
  const bundled = spawnSync(process.execPath, [join(repoRoot, "services/standalone/bundle.mjs"), "--print"], { cwd: repoRoot, encoding: "utf8" });
  if (bundled.status !== 0) throw new Error(`services/standalone/bundle.mjs failed: ${bundled.stderr}`);
  return bundled.stdout.trim();
}
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/**
 * Ms the fake Twilio API takes to review each texting registration step (customer profile and trust
 * product, brand, campaign), where Twilio and the carriers take days.
 */
const FAKE_TWILIO_REVIEW_MS = 200;

/** The bench's fake carrier: Twilio's REST API in the bench's process, reviewing US texting registrations on its own. */
export function startFakeCarrier(): Promise<FakeTwilioApi> {
  return startFakeTwilioApi({ callbackStepMs: 5, registrationReviewMs: FAKE_TWILIO_REVIEW_MS });
}

/** Settings every Rebound process of a bench run gets: the fake carrier instead of the simulator, quiet logs. */
function reboundEnv(carrier: FakeTwilioApi, dataDir: string): Record<string, string> {
  return {
    HOST: "127.0.0.1",
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
    // With Twilio settings telephony refuses to start without the key that seals subaccount tokens.
    TEXTING_SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
    // US texting registration (A2P 10DLC) with the product's defaults (TEXTING_REGISTRATION_REQUIRED): each
    // business gets a subaccount, where its number is bought, and registers against the fake, which knows
    // our primary customer profile and approves each step in FAKE_TWILIO_REVIEW_MS; the registration job
    // ticks every second (5 s by default with Twilio) so the owners' registrations take seconds (setup, not
    // timed). It ticked every 100 ms until issue 27's eighth round: a lease query ten times a second through
    // every measured run, 15-30 ms of CPU a second in distributed telephony that no deployment spends.
    TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: carrier.primaryCustomerProfileSid,
    TEXTING_REGISTRATION_TICK_MS: "1000",
  };
}

/** `npm start` as shipped, with the carrier simulator: it approves a registration in a second, not 3 s + 5 s. */
const SIMULATOR_ENV = { SIMULATOR_A2P_BRAND_APPROVAL_MS: "500", SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "500" };

/** A fresh PostgreSQL database beside BENCH_POSTGRES_URL; `migrate` runs `npm run db:migrate:deploy` on it. */
async function benchPostgresDatabase(migrate: boolean): Promise<{ url: string; drop(): Promise<void> }> {
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
  if (migrate) {
    const migrated = spawnSync("npm", ["run", "--silent", "db:migrate:deploy"], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: "inherit",
    });
    if (migrated.status !== 0) {
      await drop();
      throw new Error("npm run db:migrate:deploy failed");
    }
  }
  return { url: url.toString(), drop };
}

/**
 * A Redis database of the bench's own (BENCH_REDIS_URL, default database 9 of the local server), emptied
 * first: the sign-up limits count per IP in Redis, and every run signs up from 127.0.0.1.
 */
async function emptyBenchRedis(): Promise<string> {
  const url = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/9";
  const client = createClient({ url });
  await client.connect();
  await client.flushDb().finally(() => client.quit());
  return url;
}

/**
 * Signs owners up, buys their numbers, sets the message, registers them for US texting (setup, not
 * timed) and lets the settings reach the read models. With the fake Twilio API (`numbersOf`), each
 * number's webhooks are signed as Twilio signs them: as the subaccount the number was bought in.
 */
async function withOwner(label: string, baseUrl: string, carrier: FakeTwilioApi, pids: () => number[], owners = 1, numbersOf?: FakeTwilioApi): Promise<Target> {
  // One after the other: each buys the first number its search offers, as an owner would.
  const set: Owner[] = [];
  for (let index = 0; index < owners; index++) {
    set.push(await setUpOwner(baseUrl, OWNER_MESSAGE, owners > 1 ? `198.51.100.${index + 1}` : undefined, { registerForUsTexting: false }));
  }
  // Registered together: telephony's registration job advances every registration in flight at each tick.
  const started = Date.now();
  await Promise.all(set.map((owner) => registerForUsTexting(baseUrl, owner)));
  console.log(`  ${label}: ${owners} owner(s) registered for US texting in ${((Date.now() - started) / 1000).toFixed(1)} s (setup, not timed)`);
  const [dedicatedNumber, ...otherNumbers] = set.map((owner) => owner.dedicatedNumber);
  const accounts: NonNullable<Target["accounts"]> = {};
  for (const { dedicatedNumber: number } of set) {
    const bought = numbersOf?.numbers.find((candidate) => candidate.phoneNumber === number && !candidate.released);
    const account = bought ? numbersOf?.account(bought.accountSid) : undefined;
    if (account) accounts[number] = { accountSid: account.sid, authToken: account.authToken };
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return { label, baseUrl, authToken: carrier.authToken, dedicatedNumber: dedicatedNumber as string, otherNumbers, pids, accounts };
}

/** `npm start`'s process (its bundle, PGlite and the embedded bus), or with `postgres` on a fresh PostgreSQL database. */
export async function startStandalone(carrier: FakeTwilioApi, options: { postgres: boolean; owners?: number; simulator?: boolean }): Promise<StartedTarget> {
  const postgres = options.postgres ? await benchPostgresDatabase(true) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-bench-"));
  // `npm start` as shipped: the carrier simulator in the process (no Twilio settings), its journal tailed by the bench.
  const simulatorFeed = options.simulator ? new SimulatorJournalFeed(join(dataDir, "simulator", "carrier.jsonl")) : undefined;
  const env: Record<string, string> = reboundEnv(carrier, dataDir);
  // BENCH_DB_BREAKDOWN=1: PGlite tallies its statements (statement-counts.ts) for statements and round trips per call.
  const statementCountsFile = process.env.BENCH_DB_BREAKDOWN && !options.postgres ? join(dataDir, "statement-counts.json") : undefined;
  if (statementCountsFile) env.PGLITE_STATEMENT_COUNTS = statementCountsFile;
  if (simulatorFeed) {
    // The carrier simulator instead of the fake Twilio API: it enforces 30034 (the product's default).
    // And its logs as shipped (info: a line per request), not the other targets' quiet ones.
    // The registration job's tick too: the simulator's default (1 s) is what `npm start` runs.
    for (const setting of [
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "TWILIO_API_BASE_URL",
      "TWILIO_PRIMARY_CUSTOMER_PROFILE_SID",
      "LOG_LEVEL",
      "TEXTING_REGISTRATION_TICK_MS",
    ])
      delete env[setting];
    Object.assign(env, SIMULATOR_ENV);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // BENCH_MEMORY_BREAKDOWN=1: an inspector, through which run.ts reads each thread's heap after the run (memory-breakdown.ts).
  const inspectPort = process.env.BENCH_MEMORY_BREAKDOWN ? await freePort() : undefined;
  if (inspectPort) profile.push(`--inspect=127.0.0.1:${inspectPort}`);
  const child = spawnNode(
    standaloneBundle(),
    { ...env, ...STANDALONE_ENV, PORT: String(port), PUBLIC_BASE_URL: baseUrl, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    [...STANDALONE_NODE_FLAGS, ...profile],
  );
  const stop = async () => {
    simulatorFeed?.stop();
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  try {
    await waitForHttp(`${baseUrl}/readyz`);
    const label = simulatorFeed ? "standalone+simulator" : postgres ? "rebound on postgres" : "rebound standalone";
    const target: Target = {
      ...(await withOwner(label, baseUrl, carrier, () => (child.pid ? [child.pid] : []), options.owners, simulatorFeed ? undefined : carrier)),
      ...(inspectPort ? { inspectPort } : {}),
      ...(statementCountsFile ? { statementCountsFile } : {}),
    };
    if (simulatorFeed) {
      simulatorFeed.start();
      return { target: { ...target, authToken: DEV_TWILIO_AUTH_TOKEN, carrier: simulatorFeed }, stop };
    }
    return { target, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `npm run start:distributed`: one process per service on a fresh PostgreSQL database, Redis
 * (REDIS_URL or the local server) and Kafka (KAFKA_BROKERS or librdkafka's mock cluster, which
 * start:distributed starts with the deployment's topics). CPU is summed over every process it
 * started, the Kafka mock included.
 */
export async function startDistributed(
  carrier: FakeTwilioApi,
  options: { env?: Record<string, string>; owners?: number } = {},
): Promise<StartedTarget & { gatewayPort: number }> {
  const postgres = await benchPostgresDatabase(false);
  const redisUrl = await emptyBenchRedis();
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-bench-distributed-"));
  const gatewayPort = await freePortRange(10); // the seven services and room for extra replicas
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const child = spawnTs(join(repoRoot, "scripts/start-distributed.mjs"), {
    ...reboundEnv(carrier, dataDir),
    PORT: String(gatewayPort),
    PUBLIC_BASE_URL: baseUrl,
    DATABASE_URL: postgres.url,
    REDIS_URL: redisUrl,
    // Every service writes its profile as it stops (named by pid; start:distributed's table maps pids to services).
    ...(process.env.BENCH_PROFILE_DIR ? { SERVICE_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}` } : {}),
    ...options.env,
  });
  // start:distributed prints its status table once every service answers /readyz.
  const everyServiceReady = new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is up in")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`start:distributed exited (code ${code}) before it was up`)));
    setTimeout(() => reject(new Error("start:distributed was not up in 240 s")), 240_000).unref();
  });
  const stop = async (options: { keepLogs?: boolean } = {}) => {
    await stopChild(child);
    if (options.keepLogs) console.error(`the services' logs: ${join(dataDir, "logs")}`);
    else rmSync(dataDir, { recursive: true, force: true });
    await postgres.drop();
  };
  try {
    await everyServiceReady;
    const target = await withOwner("rebound distributed", baseUrl, carrier, () => (child.pid ? descendantPids(child.pid) : []), options.owners, carrier);
    return { target, stop, gatewayPort };
  } catch (error) {
    await stopChild(child);
    await postgres.drop();
    console.error(`start:distributed failed; its services' logs are in ${join(dataDir, "logs")}`);
    throw error;
  }
}
