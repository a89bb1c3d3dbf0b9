// `npm run start:distributed`: Rebound in distributed mode on this machine, one process per
// service on PostgreSQL, Kafka and Redis, each from the entry the dev image runs (infra/docker/bundle.mjs
// DEV_ENTRIES: main.dev.ts for telephony, messaging and billing, whose simulators stand in for Twilio
// and Stripe unless their settings are set; main.ts for the others). A developer and CI tool; real
// deployments use docker-compose.yml or charts/rebound.
//
//   DATABASE_URL  set: used as is; unset: the local PostgreSQL (postgres@127.0.0.1:5432), database rebound_dev (created if missing)
//   REDIS_URL     set: used as is; unset: redis://127.0.0.1:6379
//   KAFKA_BROKERS set: used as is (topics must exist); unset: librdkafka's mock cluster (.ci/kafka-mock) with the
//                 topics and partition counts of infra/kafka/topics.yaml, started and stopped here, and
//                 KAFKA_FETCH_MAX_WAIT_MS 25 (MOCK_FETCH_MAX_WAIT_MS) since the mock waits out every empty fetch,
//                 and KAFKA_BACKGROUND_FETCH_MIN_WAIT_MS 1000 (MOCK_BACKGROUND_FETCH_MIN_WAIT_MS) for the groups no caller waits on
//   PORT          the gateway (default 8080); the services take the ports after it, in SERVICES order
//   DATA_DIR      default data/distributed (absolute; shared by every process, so /dev/mailbox sees every e-mail)
//   SERVICE_NODE_ARGS extra node flags for every service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//   START_WITH_TSX=1  run the entries' TypeScript sources through tsx instead of the esbuild bundles the dev images run
//   REPLICAS      e.g. "messaging=2": more processes of a service in the same consumer groups (ports after the seven)
//   --fresh       start from nothing: empty the Redis database of REDIS_URL (FLUSHDB of that one logical database);
//                 without DATABASE_URL also drop and recreate rebound_dev and remove the carrier simulator's saved
//                 state ($DATA_DIR/simulator), whose numbers are that database's (tools/testing/src/local-stack/fresh-start.ts)
//   --journey     once up, run `npm run journey` against the gateway, then stop everything and exit with its code (CI);
//                 the services then get the simulator's US texting approval in 1 s + 1 s and telephony's
//                 registration tick at 250 ms (JOURNEY_TIMINGS; a setting given in the environment wins), so the
//                 journey's registration takes seconds; without --journey they keep `npm start`'s defaults
//
// Runs `npm run db:migrate:deploy`, starts the services, waits for every /readyz, prints one
// status table and stops everything it started on Ctrl-C / SIGTERM (or when a service dies).
// Each service's log goes to $DATA_DIR/logs/<service>.log.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { parseAllDocuments } from "yaml";
import { stop as stopEsbuild } from "esbuild";
import { bundle, DEV_ENTRIES } from "../infra/docker/bundle.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Loaded as CommonJS (tsx's require hook), where the launcher finds .ci/kafka-mock by its __dirname.
const require = createRequire(import.meta.url);
const { startKafkaMock } = require("../tools/testing/src/kafka/start-kafka-mock.ts");
const { clearForFreshStart, freshStartPlan } = require("../tools/testing/src/local-stack/fresh-start.ts");
const SERVICES = ["gateway", "identity", "business", "telephony", "messaging", "billing", "analytics"];
const LOCAL_POSTGRES = "postgresql://postgres@127.0.0.1:5432";
const LOCAL_DATABASE = "rebound_dev";
/** Fetch wait against the mock cluster: short enough for the call path, long enough not to spin idle consumers. */
const MOCK_FETCH_MAX_WAIT_MS = process.env.MOCK_FETCH_MAX_WAIT_MS ?? "25";
// Each idle group's fetch is held this long, then sent again: once a second each instead of four times,
// at most 1 s more before a projection or read model sees a record (docs/decisions.md, issue 27).
const MOCK_BACKGROUND_FETCH_MIN_WAIT_MS = process.env.MOCK_BACKGROUND_FETCH_MIN_WAIT_MS ?? "1000";
/** Extra node flags for every service (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"; NODE_OPTIONS refuses --cpu-prof). */
const serviceNodeArgs = (process.env.SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean);
const READY_TIMEOUT_MS = Number(process.env.START_TIMEOUT_MS ?? 180_000);
const fresh = process.argv.includes("--fresh");
const journey = process.argv.includes("--journey");
/**
 * With --journey: the journey registers its business for US texting (A2P 10DLC) before it expects a US
 * caller's text, so the carrier simulator approves the brand and the campaign in a second each (defaults
 * 3 s and 5 s) and telephony's registration job ticks every 250 ms (default 1 s with the simulator).
 */
const JOURNEY_TIMINGS = { SIMULATOR_A2P_BRAND_APPROVAL_MS: "1000", SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "1000", TEXTING_REGISTRATION_TICK_MS: "250" };

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (message) => console.log(`[start:distributed ${elapsed()}] ${message}`);

const basePort = Number(process.env.PORT ?? 8080);
const dataDir = resolve(root, process.env.DATA_DIR ?? "data/distributed");
const logDir = join(dataDir, "logs");
const simulatorDataDir = join(dataDir, "simulator");
mkdirSync(logDir, { recursive: true });

/** REPLICAS="messaging=2": extra processes of a service (same settings, the ports after the seven; the gateway routes to the first). */
const extraReplicas = (process.env.REPLICAS ?? "")
  .split(",")
  .filter(Boolean)
  .flatMap((entry) => {
    const [service, count] = entry.split("=");
    if (!SERVICES.includes(service) || service === "gateway" || !(Number(count) >= 1))
      throw new Error(`REPLICAS: "${entry}" is not <service>=<count> for a service other than the gateway`);
    return Array.from({ length: Number(count) - 1 }, (_, index) => ({ service, name: `${service}-${index + 2}` }));
  });

/** @type {{ name: string, service: string, port: number, url: string, child?: import("node:child_process").ChildProcess, readyAt?: string, log: string }[]} */
const processes = [...SERVICES.map((name) => ({ service: name, name })), ...extraReplicas].map(({ service, name }, index) => ({
  name,
  service,
  port: basePort + index,
  url: `http://127.0.0.1:${basePort + index}`,
  log: join(logDir, `${name}.log`),
}));
let kafkaMock;
let stopping;

async function main() {
  process.once("SIGINT", () => void stop(0));
  process.once("SIGTERM", () => void stop(0));

  run("node", ["scripts/ensure-generated.mjs"]);
  run("node", ["scripts/ensure-web-built.mjs"]);

  const databaseUrl = process.env.DATABASE_URL || (await localDatabase());
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  if (fresh) {
    const plan = freshStartPlan({ redisUrl, simulatorDataDir, databaseDropped: !process.env.DATABASE_URL });
    await clearForFreshStart(plan);
    const removed = plan.directories.length ? `removed ${plan.directories.join(", ")}` : `kept ${simulatorDataDir} (DATABASE_URL is set and kept)`;
    say(`emptied Redis database ${plan.redis.database} of ${redact(redisUrl)}; ${removed} (--fresh)`);
  }
  const [brokers] = await Promise.all([kafkaBrokers(), migrate(databaseUrl)]);

  const publicBaseUrl = (process.env.PUBLIC_BASE_URL || `http://localhost:${basePort}`).replace(/\/$/, "");
  const upstreams = Object.fromEntries(processes.slice(1, SERVICES.length).map((service) => [`${service.name.toUpperCase()}_URL`, service.url]));
  const common = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || "development",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    KAFKA_BROKERS: brokers,
    PUBLIC_BASE_URL: publicBaseUrl,
    DATA_DIR: dataDir,
    ...(journey ? Object.fromEntries(Object.entries(JOURNEY_TIMINGS).map(([name, value]) => [name, process.env[name] || value])) : {}),
    // The mock cluster holds every fetch that finds nothing for its full wait instead of answering
    // when a record arrives (a Kafka broker answers at once), so a record waited up to 5 s.
    ...(kafkaMock && !process.env.KAFKA_FETCH_MAX_WAIT_MS ? { KAFKA_FETCH_MAX_WAIT_MS: MOCK_FETCH_MAX_WAIT_MS } : {}),
    ...(kafkaMock && !process.env.KAFKA_BACKGROUND_FETCH_MIN_WAIT_MS ? { KAFKA_BACKGROUND_FETCH_MIN_WAIT_MS: MOCK_BACKGROUND_FETCH_MIN_WAIT_MS } : {}),
  };

  const bundles = await bundleServices();
  const telephonyUrl = processes.find((service) => service.name === "telephony").url;
  say("starting the services");
  for (const service of processes) {
    const env = {
      ...common,
      PORT: String(service.port),
      // The services are reached through the gateway only; the gateway listens on HOST (default this machine
      // only, as `npm start` in development; HOST=0.0.0.0 for every interface).
      HOST: service.service === "gateway" ? process.env.HOST || "127.0.0.1" : "127.0.0.1",
      OTEL_SERVICE_NAME: service.service,
      // One carrier simulator: telephony owns it (and its journal); the others reach it over HTTP.
      SIMULATOR_DATA_DIR: simulatorDataDir,
      ...(service.service === "telephony" ? {} : { SIMULATOR_URL: telephonyUrl }),
      ...(service.service === "gateway" ? upstreams : {}),
      // Billing owns the sign-up saga: it creates the account at identity's internal API.
      ...(service.service === "billing" ? { IDENTITY_URL: upstreams.IDENTITY_URL } : {}),
    };
    const log = createWriteStream(service.log);
    const entry = bundles ? [join(bundles, service.service, "main.js")] : ["--import", "tsx", join(root, DEV_ENTRIES[service.service])];
    const child = spawn(process.execPath, [...serviceNodeArgs, "--enable-source-maps", ...entry], {
      cwd: join(root, "services", service.service),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.once("exit", (code, signal) => {
      if (stopping) return;
      say(`${service.name} exited (${signal ?? `code ${code}`}); its log: ${service.log}`);
      // An extra replica may die (the replica-kill test kills one): its partitions go to the others.
      if (service.name !== service.service) return;
      printTail(service.log);
      void stop(1);
    });
    service.child = child;
  }

  await Promise.all(processes.map(waitReady));
  printTable({ databaseUrl, redisUrl, brokers, publicBaseUrl });
  if (journey && !stopping) {
    // Through PUBLIC_BASE_URL: the gateway accepts browser requests from that origin only.
    const code = await new Promise((done) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/journey.mjs", publicBaseUrl], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
      child.once("exit", (exitCode) => done(exitCode ?? 1));
    });
    await stop(code);
  }
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.signal ?? `code ${result.status}`})`);
}

/** The local PostgreSQL's rebound_dev database, created if missing (dropped first with --fresh). */
async function localDatabase() {
  const client = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await client.connect();
  try {
    if (fresh) {
      await client.query(`DROP DATABASE IF EXISTS ${LOCAL_DATABASE} WITH (FORCE)`);
      say(`dropped database ${LOCAL_DATABASE} (--fresh)`);
    }
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [LOCAL_DATABASE]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${LOCAL_DATABASE}`);
      say(`created database ${LOCAL_DATABASE}`);
    }
  } finally {
    await client.end();
  }
  return `${LOCAL_POSTGRES}/${LOCAL_DATABASE}`;
}

async function migrate(databaseUrl) {
  say("applying migrations (npm run db:migrate:deploy)");
  await new Promise((resolveRun, reject) => {
    const child = spawn("npm", ["run", "--silent", "db:migrate:deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => (code === 0 ? resolveRun() : reject(new Error(`migrations failed (code ${code}):\n${output}`))));
  });
  say("migrations applied");
}

/**
 * The services as the dev images run them: one esbuild bundle each (infra/docker/bundle.mjs --dev),
 * built in about a second, so each process loads one file instead of tsx compiling hundreds at every
 * start (that was most of a cold start). START_WITH_TSX=1 runs the TypeScript sources through tsx instead.
 */
async function bundleServices() {
  if (process.env.START_WITH_TSX === "1") return undefined;
  const outDir = join(root, "dist", "start-distributed");
  await bundle({ names: SERVICES, outDir, dev: true });
  // esbuild keeps its service process for the next build; there is none, and it would idle beside the stack.
  await stopEsbuild();
  say(`bundled the services (esbuild) into ${outDir}`);
  return outDir;
}

/** KAFKA_BROKERS, or the mock cluster with the deployment's topics. */
async function kafkaBrokers() {
  if (process.env.KAFKA_BROKERS) return process.env.KAFKA_BROKERS;
  const topics = parseAllDocuments(readFileSync(join(root, "infra/kafka/topics.yaml"), "utf8"))
    .map((document) => document.toJS())
    .filter((topic) => topic?.kind === "KafkaTopic")
    .map((topic) => ({ name: topic.metadata.name, partitions: topic.spec.partitions }));
  kafkaMock = await startKafkaMock({ topics });
  say(`Kafka mock cluster at ${kafkaMock.brokers.join(",")} (${topics.map((topic) => `${topic.name}:${topic.partitions}`).join(" ")})`);
  return kafkaMock.brokers.join(",");
}

async function waitReady(service) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!stopping) {
    try {
      const response = await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        service.readyAt = elapsed();
        say(`${service.name} ready`);
        return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      say(`${service.name} not ready after ${READY_TIMEOUT_MS / 1000} s; its log: ${service.log}`);
      printTail(service.log);
      await stop(1);
      return;
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
}

function printTable({ databaseUrl, redisUrl, brokers, publicBaseUrl }) {
  if (stopping) return;
  const rows = [
    ["service", "pid", "url", "ready at", "log"],
    ...processes.map((service) => [service.name, String(service.child?.pid ?? ""), service.url, service.readyAt ?? "", service.log]),
    ["postgresql", "", redact(databaseUrl), "", ""],
    ["redis", "", redact(redisUrl), "", ""],
    ["kafka", kafkaMock ? "mock" : "", brokers, "", ""],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  console.log(`\nRebound (distributed) is up in ${elapsed()}: ${publicBaseUrl}\n`);
  console.log(line(rows[0]));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows.slice(1)) console.log(line(row));
  if (!journey) console.log("\nCtrl-C stops everything.");
}

function redact(url) {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

function printTail(path) {
  try {
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    console.log(lines.slice(-20).join("\n"));
  } catch {
    // no log yet
  }
}

/** SIGTERM to every service (graceful: consumers leave their groups), SIGKILL after 15 s, then the Kafka mock. */
function stop(code) {
  return (stopping ??= (async () => {
    say("stopping");
    await Promise.all(
      processes.map(async ({ child }) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(force);
      }),
    );
    await kafkaMock?.stop();
    say("stopped");
    process.exit(code);
  })());
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
