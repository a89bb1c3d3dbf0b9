// `npm run test:chaos` (.ci/run runs it): Rebound distributed (start:distributed: one process per service)
// on backing services of the test's own — a private PostgreSQL cluster (tools/testing private-postgres.ts;
// the machine's server is never touched), a private redis-server and librdkafka's mock cluster — with
// missed calls and inbound texts at a steady rate through the carrier simulator while, in order:
//   PostgreSQL is restarted (fast stop + start); PostgreSQL is stopped for 20 s, then started;
//   the Kafka mock is frozen (SIGSTOP) for 10 s, then thawed (SIGCONT); Redis is stopped for 5 s, then started.
// Then it waits for the system to drain (at most CHAOS_DRAIN_MS, 120 s) and checks: no service process exited;
// every call the carrier saw is recorded once (telephony.calls by CallSid, and each owner's GET /api/analytics/stats);
// every caller whose call is within the useful age (MESSAGING_TEXT_MAX_AGE_MS) got exactly one text; no text
// was attempted to a caller after a STOP the product accepted; the voice webhook answered every call it was sent
// (no 5xx); every /readyz is 200 again. Prints the figures (calls, texts, time to drain after the last fault,
// reconciled and spooled counts) and exits 0 only when every check passes. Always stops what it started and removes
// its temporary directories (CHAOS_KEEP_LOGS=1 keeps the services' logs when a check fails).
//
// Traffic (CHAOS_RATE events per second, default 4, round-robin over CHAOS_OWNERS owners, default 4): each
// event is a new Canadian caller (US texting registration does not apply) and, in each cycle of 20 events,
// one is a STOP followed 1.5 s later by a call from the same caller (not to be texted), one is an inbound
// reply from an earlier caller, and one call is placed with the simulator's `webhookDown` (our webhook is
// never called: only reconciliation from the provider can record it; CHAOS_WEBHOOK_DOWN=0 turns it off).
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { parseAllDocuments } from "yaml";
import { startKafkaMock, type KafkaMock } from "../tools/testing/src/kafka/start-kafka-mock";
import { freePort, freePortRange } from "../tools/testing/src/free-port";
import { startPrivatePostgres, type PrivatePostgres } from "../tools/testing/src/private-postgres";

const repoRoot = join(__dirname, "..");
const SERVICES = ["gateway", "identity", "business", "telephony", "messaging", "billing", "analytics"] as const;
const RATE = Number(process.env.CHAOS_RATE ?? 4);
const OWNERS = Number(process.env.CHAOS_OWNERS ?? 4);
const DRAIN_MS = Number(process.env.CHAOS_DRAIN_MS ?? 120_000);
const WEBHOOK_DOWN = process.env.CHAOS_WEBHOOK_DOWN !== "0";
/** Traffic before the first fault, between faults, and after the last one. */
const WARM_MS = 8_000;
const GAP_MS = 12_000;
const TAIL_MS = 8_000;
/** The product's default useful age of a missed call's text (MESSAGING_TEXT_MAX_AGE_MS). */
const TEXT_MAX_AGE_MS = Number(process.env.MESSAGING_TEXT_MAX_AGE_MS ?? 900_000);
/** A text stuck in flight is taken over after its send lease: short here, so a double text shows within the settle. */
const SEND_LEASE_MS = 10_000;
/** After the drain: the time a late duplicate (a lease taken over, a redelivered record) has to show up. */
const DUPLICATE_SETTLE_MS = SEND_LEASE_MS + 4_000;
/** Settings that keep the run short: reconciliation and the spool every few seconds. */
const FAST_SETTINGS: Record<string, string> = {
  TELEPHONY_RECONCILE_INTERVAL_MS: "3000",
  TELEPHONY_RECONCILE_SETTLE_MS: "5000",
  TELEPHONY_SPOOL_DRAIN_INTERVAL_MS: "1000",
  MESSAGING_RECONCILE_INTERVAL_MS: "3000",
  MESSAGING_RECONCILE_SETTLE_MS: "5000",
  MESSAGING_SEND_LEASE_MS: String(SEND_LEASE_MS),
  MESSAGING_RECOVERY_INTERVAL_MS: "1000",
  // The Kafka mock holds an empty fetch for its whole wait (start:distributed sets the same when it starts the mock).
  KAFKA_FETCH_MAX_WAIT_MS: "25",
};

const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (message: string) => console.log(`[chaos ${clock()}] ${message}`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const runId = Date.now().toString(36);

// ---------------------------------------------------------------------------------------------- backing services

interface Redis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function startRedis(): Promise<Redis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
      stdio: "ignore",
    });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await sleep(50);
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    const force = setTimeout(() => running.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(force);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The deployment's topics (infra/kafka/topics.yaml), as start:distributed creates them on the mock. */
function deploymentTopics(): { name: string; partitions: number }[] {
  return parseAllDocuments(readFileSync(join(repoRoot, "infra/kafka/topics.yaml"), "utf8"))
    .map((document) => document.toJS() as { kind?: string; metadata: { name: string }; spec: { partitions: number } } | null)
    .filter((topic) => topic?.kind === "KafkaTopic")
    .map((topic) => ({ name: topic!.metadata.name, partitions: topic!.spec.partitions }));
}

// ---------------------------------------------------------------------------------------------- Rebound

interface Rebound {
  baseUrl: string;
  gatewayPort: number;
  child: ChildProcess;
  /** Service name -> pid, from start:distributed's status table. */
  pids: Map<string, number>;
  /** start:distributed's output so far. */
  output: () => string;
  logDir: string;
}

async function startRebound(env: Record<string, string>, dataDir: string): Promise<Rebound> {
  const gatewayPort = await freePortRange(SERVICES.length);
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("TWILIO_") && !name.startsWith("STRIPE_") && name !== "REPLICAS"),
  );
  // Its own process group: a forced clean-up can stop the services with it.
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "scripts/start-distributed.mjs")], {
    cwd: repoRoot,
    env: { ...inherited, ...env, PORT: String(gatewayPort), PUBLIC_BASE_URL: baseUrl, DATA_DIR: dataDir, NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.VERBOSE) process.stdout.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("is up in")) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`start:distributed exited (code ${code}) before it was up:\n${output.slice(-3_000)}`));
    });
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`start:distributed was not up in 240 s:\n${output.slice(-3_000)}`));
    }, 240_000).unref();
  });
  const pids = new Map<string, number>();
  for (const line of output.split("\n")) {
    const match = /^(\w+)\s+(\d+)\s+http:\/\//.exec(line);
    if (match && (SERVICES as readonly string[]).includes(match[1]!)) pids.set(match[1]!, Number(match[2]));
  }
  return { baseUrl, gatewayPort, child, pids, output: () => output, logDir: join(dataDir, "logs") };
}

async function stopRebound(rebound: Rebound | undefined): Promise<void> {
  const child = rebound?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timeout = sleep(30_000).then(() => "timeout");
  if ((await Promise.race([exited, timeout])) === "timeout") {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  // Whatever of its group is left (a service that ignored SIGTERM).
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // nothing left
  }
}

// ---------------------------------------------------------------------------------------------- HTTP

interface Answer<T> {
  status: number;
  body: T;
}

async function request<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T> & { response: Response }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: baseUrl, ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body: body as T, response };
}

// ---------------------------------------------------------------------------------------------- owners

interface Owner {
  index: number;
  email: string;
  number: string;
  message: string;
  headers: Record<string, string>;
}

const PASSWORD = "chaos-password-1";

async function setUpOwner(baseUrl: string, index: number): Promise<Owner> {
  // Each owner from its own address: sign-ups are limited per IP (the gateway trusts X-Forwarded-For from loopback).
  const headers: Record<string, string> = { "x-forwarded-for": `198.51.100.${index + 20}` };
  const email = `chaos-${runId}-${index}@example.com`;
  const register = await request(baseUrl, "POST", "/api/register", {
    headers,
    body: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: "Chaos",
      lastName: `Owner${index}`,
      subscriptionPlan: "custom",
      billingFrequency: "monthly",
      paymentMethodId: "pm_card_visa",
    },
  });
  if (register.status !== 200 && register.status !== 201) throw new Error(`register ${email}: ${register.status} ${JSON.stringify(register.body)}`);
  headers.cookie = register.response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await request(baseUrl, method, path, { headers, body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const deadline = Date.now() + 60_000;
  while ((await request(baseUrl, "GET", "/api/business", { headers })).status !== 200) {
    if (Date.now() > deadline) throw new Error(`the business of ${email} was never created`);
    await sleep(200);
  }
  const search = (await call("GET", "/api/phone-numbers/search/415")) as { numbers?: { phoneNumber: string }[] };
  const number = search.numbers?.[0]?.phoneNumber;
  if (!number) throw new Error(`no number offered: ${JSON.stringify(search)}`);
  await call("POST", "/api/phone-numbers/purchase", { phoneNumber: number });
  await call("PATCH", "/api/business/profile", { businessName: `Chaos Plumbing ${index}`, businessPhone: `+1212555014${index}` });
  const message = `Chaos ${runId} owner ${index}: sorry we missed your call. How can we help?`;
  await call("POST", "/api/business", {
    customMessage: message,
    afterHoursEnabled: false,
    afterHoursMessage: "",
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "",
    timeZone: "America/New_York",
    isActive: true,
  });
  return { index, email, number, message, headers };
}

// ---------------------------------------------------------------------------------------------- traffic

/** Canadian callers (+1 416/647/437): texted without US texting registration. New per run, never a 555 or N11 exchange. */
const EXCHANGES = Array.from({ length: 700 }, (_, offset) => 200 + offset).filter((exchange) => exchange % 100 !== 11 && exchange !== 555);
const AREA_CODES = ["416", "647", "437"];
let callerSeq = Math.floor(Math.random() * 1_000_000);
function newCaller(): string {
  const seq = callerSeq++;
  const area = AREA_CODES[seq % AREA_CODES.length]!;
  const exchange = EXCHANGES[Math.floor(seq / AREA_CODES.length / 10_000) % EXCHANGES.length]!;
  const line = String(Math.floor(seq / AREA_CODES.length) % 10_000).padStart(4, "0");
  return `+1${area}${exchange}${line}`;
}

type Kind = "call" | "stop-then-call" | "webhook-down" | "warm-up";

interface PlacedCall {
  kind: Kind;
  caller: string;
  owner: Owner;
  at: number;
  phase: string;
  callSid?: string;
  webhookStatus?: number | null;
  webhookError?: string | null;
  twiml?: string;
  error?: string;
}

interface InboundText {
  caller: string;
  owner: Owner;
  body: string;
  at: number;
  phase: string;
  messageSid?: string;
  webhookStatus?: number | null;
  webhookError?: string | null;
  replies: string[];
  error?: string;
}

const calls: PlacedCall[] = [];
const texts: InboundText[] = [];
let phase = "setup";

async function placeCall(baseUrl: string, owner: Owner, caller: string, kind: Kind): Promise<PlacedCall> {
  const placed: PlacedCall = { kind, caller, owner, at: Date.now(), phase };
  calls.push(placed);
  try {
    const answer = await request<{ callSid?: string; webhookStatus?: number | null; webhookError?: string | null; twiml?: string }>(
      baseUrl,
      "POST",
      "/dev/simulator/calls",
      { body: { from: caller, to: owner.number, ...(kind === "webhook-down" ? { webhookDown: true } : {}) } },
    );
    if (answer.status !== 200) placed.error = `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    placed.callSid = answer.body.callSid;
    placed.webhookStatus = answer.body.webhookStatus;
    placed.webhookError = answer.body.webhookError;
    placed.twiml = answer.body.twiml;
  } catch (error) {
    placed.error = String(error);
  }
  return placed;
}

async function sendText(baseUrl: string, owner: Owner, caller: string, body: string): Promise<InboundText> {
  const sent: InboundText = { caller, owner, body, at: Date.now(), phase, replies: [] };
  texts.push(sent);
  try {
    const answer = await request<{ messageSid?: string; webhookStatus?: number | null; webhookError?: string | null; replies?: string[] }>(
      baseUrl,
      "POST",
      "/dev/simulator/sms",
      { body: { from: caller, to: owner.number, body } },
    );
    if (answer.status !== 200) sent.error = `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    sent.messageSid = answer.body.messageSid;
    sent.webhookStatus = answer.body.webhookStatus;
    sent.webhookError = answer.body.webhookError;
    sent.replies = answer.body.replies ?? [];
  } catch (error) {
    sent.error = String(error);
  }
  return sent;
}

/** Events at RATE per second until stopped; every promise is kept so the end waits for the last answers. */
function startTraffic(baseUrl: string, owners: Owner[]): { stop(): Promise<void> } {
  let running = true;
  const inFlight: Promise<unknown>[] = [];
  const loop = (async () => {
    const begin = performance.now();
    for (let index = 0; running; index++) {
      const wait = begin + (index * 1_000) / RATE - performance.now();
      if (wait > 1) await sleep(wait);
      const owner = owners[index % owners.length]!;
      const slot = index % 20;
      if (slot === 7) {
        const caller = newCaller();
        inFlight.push(sendText(baseUrl, owner, caller, "STOP").then(() => sleep(1_500).then(() => placeCall(baseUrl, owner, caller, "stop-then-call"))));
      } else if (slot === 13) {
        // A reply from an earlier caller of this owner (a conversation; auto-replies are off, so nothing goes back).
        const earlier = calls.filter((call) => call.owner === owner && call.kind === "call" && Date.now() - call.at > 3_000);
        const pick = earlier[Math.floor(Math.random() * earlier.length)];
        if (pick) inFlight.push(sendText(baseUrl, owner, pick.caller, "Thanks, please call me back after 5"));
        else inFlight.push(placeCall(baseUrl, owner, newCaller(), "call"));
      } else if (slot === 17 && WEBHOOK_DOWN) {
        inFlight.push(placeCall(baseUrl, owner, newCaller(), "webhook-down"));
      } else {
        inFlight.push(placeCall(baseUrl, owner, newCaller(), "call"));
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

// ---------------------------------------------------------------------------------------------- observation

interface Message {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  createdAt: number | string;
}

async function carrierMessages(baseUrl: string): Promise<Message[]> {
  const answer = await request<{ messages?: Message[] }>(baseUrl, "GET", "/dev/simulator/messages");
  if (answer.status !== 200) throw new Error(`GET /dev/simulator/messages: ${answer.status}`);
  return answer.body.messages ?? [];
}

/** When each caller's missed-call text (a body with its owner's message) first showed at the carrier: polled every second. */
function watchTexts(baseUrl: string, owners: Owner[]): { stop(): void; firstSeen: Map<string, number> } {
  const firstSeen = new Map<string, number>();
  let running = true;
  void (async () => {
    while (running) {
      try {
        const now = Date.now();
        for (const message of await carrierMessages(baseUrl)) {
          if (!firstSeen.has(message.to) && owners.some((owner) => message.from === owner.number && message.body.includes(owner.message)))
            firstSeen.set(message.to, now);
        }
      } catch {
        // the gateway may be busy; next second
      }
      await sleep(1_000);
    }
  })();
  return {
    stop: () => {
      running = false;
    },
    firstSeen,
  };
}

async function carrierCalls(baseUrl: string): Promise<{ sid: string; from: string; to: string }[]> {
  const answer = await request<{ calls?: { sid: string; from: string; to: string }[] }>(baseUrl, "GET", "/dev/simulator/calls");
  if (answer.status !== 200) throw new Error(`GET /dev/simulator/calls: ${answer.status}`);
  return answer.body.calls ?? [];
}

async function query<T>(databaseUrl: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** /readyz of every service, every 500 ms: how many 503s (or no answers) each gave, by phase. */
function watchReadiness(rebound: Rebound): { stop(): void; notReady: Map<string, Map<string, number>>; last: Map<string, number> } {
  const notReady = new Map<string, Map<string, number>>();
  const last = new Map<string, number>();
  let running = true;
  void (async () => {
    while (running) {
      await Promise.all(
        SERVICES.map(async (service, offset) => {
          let status = 0;
          try {
            const response = await fetch(`http://127.0.0.1:${rebound.gatewayPort + offset}/readyz`, { signal: AbortSignal.timeout(2_000) });
            status = response.status;
            await response.arrayBuffer();
          } catch {
            status = 0;
          }
          last.set(service, status);
          if (status !== 200) {
            const byPhase = notReady.get(service) ?? new Map<string, number>();
            byPhase.set(phase, (byPhase.get(phase) ?? 0) + 1);
            notReady.set(service, byPhase);
          }
        }),
      );
      await sleep(500);
    }
  })();
  return {
    stop: () => {
      running = false;
    },
    notReady,
    last,
  };
}

async function metric(port: number, name: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const lines = text.split("\n").filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
    if (lines.length === 0) return undefined;
    return lines.reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
  } catch {
    return undefined;
  }
}

function logLines(logDir: string, service: string): string[] {
  const path = join(logDir, `${service}.log`);
  return existsSync(path) ? readFileSync(path, "utf8").split("\n") : [];
}

function countLines(logDir: string, service: string, needle: string): number {
  return logLines(logDir, service).filter((line) => line.includes(needle)).length;
}

/** Warnings and errors of every service's log, by message (pino JSON lines; other lines with "rror" as they are). */
function logSummary(logDir: string): string[] {
  const out: string[] = [];
  for (const service of SERVICES) {
    const counts = new Map<string, number>();
    for (const line of logLines(logDir, service)) {
      let key: string | undefined;
      try {
        const entry = JSON.parse(line) as { level?: number | string; msg?: string; err?: { message?: string } };
        const level = typeof entry.level === "number" ? entry.level : ({ warn: 40, error: 50, fatal: 60 }[String(entry.level)] ?? 0);
        if (level >= 40)
          key = `${level >= 50 ? "ERROR" : "warn"} ${entry.msg ?? ""}${entry.err?.message ? ` (${entry.err.message.split("\n")[0]!.slice(0, 120)})` : ""}`;
      } catch {
        if (/rror|uncaught/i.test(line)) key = `raw ${line.slice(0, 160)}`;
      }
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
    if (top.length) out.push(`  ${service}:`, ...top.map(([key, count]) => `    ${String(count).padStart(5)}  ${key}`));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- the run

interface Fault {
  name: string;
  started: number;
  ended: number;
}

async function main(): Promise<number> {
  const tempRoot = mkdtempSync(join(tmpdir(), "rebound-chaos-"));
  const dataDir = join(tempRoot, "data");
  let postgres: PrivatePostgres | undefined;
  let redis: Redis | undefined;
  let kafka: KafkaMock | undefined;
  let rebound: Rebound | undefined;
  let readiness: ReturnType<typeof watchReadiness> | undefined;
  let failed = true;
  const cleanUp = async () => {
    readiness?.stop();
    if (kafka?.pid) {
      try {
        process.kill(kafka.pid, "SIGCONT");
      } catch {
        // gone
      }
    }
    await stopRebound(rebound);
    await kafka?.stop().catch(() => undefined);
    await redis?.stop().catch(() => undefined);
    await postgres?.destroy().catch(() => undefined);
    if (failed && process.env.CHAOS_KEEP_LOGS === "1" && existsSync(join(dataDir, "logs"))) {
      const kept = mkdtempSync(join(tmpdir(), "rebound-chaos-logs-"));
      cpSync(join(dataDir, "logs"), kept, { recursive: true });
      console.error(`the services' logs: ${kept}`);
    }
    rmSync(tempRoot, { recursive: true, force: true });
  };
  let interrupted = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      interrupted = true;
      say(`${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    [postgres, redis, kafka] = await Promise.all([startPrivatePostgres(), startRedis(), startKafkaMock({ topics: deploymentTopics() })]);
    say(`private PostgreSQL on port ${postgres.port}, redis-server at ${redis.url}, Kafka mock at ${kafka.brokers.join(",")} (pid ${kafka.pid})`);
    rebound = await startRebound({ ...FAST_SETTINGS, DATABASE_URL: postgres.url, REDIS_URL: redis.url, KAFKA_BROKERS: kafka.brokers.join(",") }, dataDir);
    const { baseUrl } = rebound;
    say(`start:distributed is up at ${baseUrl}: ${[...rebound.pids].map(([name, pid]) => `${name} ${pid}`).join(", ")}`);
    if (rebound.pids.size !== SERVICES.length) throw new Error(`found ${rebound.pids.size} service pids in start:distributed's table, not ${SERVICES.length}`);

    const owners: Owner[] = [];
    for (let index = 0; index < OWNERS; index++) owners.push(await setUpOwner(baseUrl, index));
    say(`${owners.length} owners signed up with numbers ${owners.map((owner) => owner.number).join(", ")}`);
    // The numbers and settings reach telephony and messaging by events: each owner's first caller is texted before the run.
    phase = "warm-up";
    await Promise.all(
      owners.map(async (owner) => {
        for (let attempt = 1; ; attempt++) {
          const caller = newCaller();
          await placeCall(baseUrl, owner, caller, "warm-up");
          const deadline = Date.now() + 15_000;
          while (Date.now() < deadline) {
            const texted = (await carrierMessages(baseUrl)).some((message) => message.to === caller && message.body.includes(owner.message));
            if (texted) return;
            await sleep(250);
          }
          if (attempt >= 4) throw new Error(`owner ${owner.index}'s warm-up callers were never texted`);
        }
      }),
    );
    say("every owner's warm-up caller was texted; starting the traffic");

    readiness = watchReadiness(rebound);
    const textWatch = watchTexts(baseUrl, owners);
    phase = "steady";
    const traffic = startTraffic(baseUrl, owners);
    const faults: Fault[] = [];
    const fault = async (name: string, act: () => Promise<void>) => {
      phase = name;
      const begin = Date.now();
      say(`fault: ${name}`);
      await act();
      faults.push({ name, started: begin, ended: Date.now() });
      phase = `after ${name}`;
      say(`fault over: ${name} (${((Date.now() - begin) / 1000).toFixed(1)} s)`);
    };
    const pg = postgres;
    const kafkaPid = kafka.pid;
    const redisServer = redis;
    await sleep(WARM_MS);
    await fault("postgres restart", () => pg.restart());
    await sleep(GAP_MS);
    await fault("postgres down 20 s", async () => {
      await pg.stop();
      await sleep(20_000);
      await pg.start();
    });
    await sleep(GAP_MS);
    await fault("kafka frozen 10 s", async () => {
      if (!kafkaPid) throw new Error("no Kafka mock pid");
      process.kill(kafkaPid, "SIGSTOP");
      await sleep(10_000);
      process.kill(kafkaPid, "SIGCONT");
    });
    await sleep(GAP_MS);
    await fault("redis down 5 s", async () => {
      await redisServer.stop();
      await sleep(5_000);
      await redisServer.start();
    });
    await sleep(TAIL_MS);
    phase = "drain";
    await traffic.stop();
    const lastFaultEnded = faults.at(-1)!.ended;
    say(`traffic stopped: ${calls.length} calls placed, ${texts.length} inbound texts; draining (at most ${DRAIN_MS / 1000} s)`);

    // ------------------------------------------------------------------ drain
    const chaosCalls = calls.filter((call) => call.kind !== "warm-up");
    const resolveSids = async () => {
      const atCarrier = await carrierCalls(baseUrl);
      const byCaller = new Map(atCarrier.map((call) => [call.from, call.sid]));
      for (const call of calls) if (!call.callSid) call.callSid = byCaller.get(call.caller);
      return atCarrier;
    };
    let atCarrier = await resolveSids();
    const stopped = new Map(texts.filter((text) => text.body === "STOP").map((text) => [text.caller, text]));
    const expectTexted = (call: PlacedCall) => call.kind !== "stop-then-call" && call.kind !== "warm-up" && Date.now() - call.at < TEXT_MAX_AGE_MS;
    const replyBodies = new Map<string, Set<string>>();
    for (const text of texts) for (const reply of text.replies) replyBodies.set(text.caller, (replyBodies.get(text.caller) ?? new Set()).add(reply));
    /** Missed-call texts per caller: the carrier's messages from the owner's number, not the replies our SMS webhook answered with. */
    const textsByCaller = (messages: Message[]) => {
      const counts = new Map<string, number>();
      for (const call of calls) {
        const count = messages.filter(
          (message) => message.to === call.caller && message.from === call.owner.number && !replyBodies.get(call.caller)?.has(message.body),
        ).length;
        counts.set(call.caller, count);
      }
      return counts;
    };
    const recordedCounts = async () => {
      const sids = calls.map((call) => call.callSid).filter((sid): sid is string => Boolean(sid));
      const rows = await query<{ call_sid: string; n: string }>(
        pg.url,
        "SELECT call_sid, count(*) AS n FROM telephony.calls WHERE call_sid = ANY($1) GROUP BY call_sid",
        [sids],
      );
      return new Map(rows.map((row) => [row.call_sid, Number(row.n)]));
    };
    const analyticsTotals = async () => {
      const totals = new Map<Owner, number>();
      for (const owner of owners) {
        const answer = await request<{ stats?: { totalCalls?: number } }>(baseUrl, "GET", "/api/analytics/stats", { headers: owner.headers });
        totals.set(owner, answer.body.stats?.totalCalls ?? -1);
      }
      return totals;
    };
    const carrierCallsTo = (owner: Owner) => atCarrier.filter((call) => call.to === owner.number).length;
    let drainedAt: number | undefined;
    let lastPending = "";
    const drainDeadline = lastFaultEnded + DRAIN_MS;
    for (;;) {
      try {
        atCarrier = await resolveSids();
        const [recorded, messages, totals] = await Promise.all([recordedCounts(), carrierMessages(baseUrl), analyticsTotals()]);
        const byCaller = textsByCaller(messages);
        const unrecorded = chaosCalls.filter((call) => !call.callSid || !recorded.get(call.callSid)).length;
        const untexted = chaosCalls.filter((call) => expectTexted(call) && !byCaller.get(call.caller)).length;
        const analyticsBehind = owners.filter((owner) => totals.get(owner) !== carrierCallsTo(owner)).length;
        lastPending = `${unrecorded} calls not recorded, ${untexted} callers not texted, ${analyticsBehind} owners' analytics behind`;
        if (unrecorded === 0 && untexted === 0 && analyticsBehind === 0) {
          drainedAt = Date.now();
          break;
        }
      } catch (error) {
        lastPending = `not answering: ${String(error)}`;
      }
      // start:distributed stops everything when a service dies: nothing will drain.
      if (Date.now() > drainDeadline || rebound.child.exitCode !== null || rebound.child.signalCode !== null) break;
      await sleep(2_000);
    }
    say(
      drainedAt ? `drained ${((drainedAt - lastFaultEnded) / 1000).toFixed(1)} s after the last fault` : `not drained in ${DRAIN_MS / 1000} s: ${lastPending}`,
    );
    await sleep(DUPLICATE_SETTLE_MS);
    readiness.stop();
    textWatch.stop();

    // ------------------------------------------------------------------ checks
    atCarrier = await resolveSids();
    const [recorded, messages, totals] = await Promise.all([recordedCounts(), carrierMessages(baseUrl), analyticsTotals()]);
    const byCaller = textsByCaller(messages);
    const stopCallers = [...stopped.keys()];
    const consent = await query<{ caller_number: string; method: string; action: string }>(
      pg.url,
      "SELECT caller_number, method, action FROM messaging.consent_log WHERE caller_number = ANY($1)",
      [stopCallers],
    );
    const optOuts = await query<{ caller_number: string; opted_out: boolean; source: string }>(
      pg.url,
      "SELECT caller_number, opted_out, source FROM messaging.opt_outs WHERE caller_number = ANY($1)",
      [stopCallers],
    );
    const exitedLines = rebound
      .output()
      .split("\n")
      .filter((line) => / exited \(/.test(line));
    const deadServices = [...rebound.pids].filter(([, pid]) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    const launcherAlive = rebound.child.exitCode === null && rebound.child.signalCode === null;

    const notPlaced = chaosCalls.filter((call) => !call.callSid);
    const unrecorded = chaosCalls.filter((call) => call.callSid && !recorded.get(call.callSid));
    const recordedTwice = chaosCalls.filter((call) => call.callSid && (recorded.get(call.callSid) ?? 0) > 1);
    const expected = chaosCalls.filter(expectTexted);
    const untexted = expected.filter((call) => (byCaller.get(call.caller) ?? 0) === 0);
    const textedTwice = chaosCalls.filter((call) => (byCaller.get(call.caller) ?? 0) > 1);
    // The owner's alert e-mail lists every texted call (owner alerts are on for new businesses): its rows.
    const alerted = new Set(
      (
        await query<{ caller_number: string }>(
          pg.url,
          "SELECT caller_number FROM messaging.owner_alerts WHERE kind IN ('texted', 'not_texted') AND caller_number = ANY($1)",
          [expected.map((call) => call.caller)],
        )
      ).map((row) => row.caller_number),
    );
    const notAlerted = expected.filter((call) => !alerted.has(call.caller));
    const stopCallsTexted = chaosCalls.filter((call) => call.kind === "stop-then-call" && (byCaller.get(call.caller) ?? 0) > 0);
    const acceptedStops = [...stopped.values()].filter((text) => text.webhookStatus !== undefined && text.webhookStatus !== null && text.webhookStatus < 300);
    const failedStops = [...stopped.values()].filter((text) => !acceptedStops.includes(text));
    const carrierRefused = new Set(consent.filter((row) => row.method === "carrier").map((row) => row.caller_number));
    const attemptedAfterAcceptedStop = acceptedStops.filter((text) => carrierRefused.has(text.caller));
    const attemptedAfterFailedStop = failedStops.filter((text) => carrierRefused.has(text.caller));
    const inboundRows = await query<{ message_sid: string }>(pg.url, "SELECT message_sid FROM messaging.inbound_sms WHERE message_sid = ANY($1)", [
      texts.map((text) => text.messageSid).filter(Boolean),
    ]);
    const inboundRecorded = new Set(inboundRows.map((row) => row.message_sid));
    const inboundUnrecorded = texts.filter((text) => !text.messageSid || !inboundRecorded.has(text.messageSid));
    const smsWebhookFailures = texts.filter((text) => !text.webhookStatus || text.webhookStatus >= 300);
    const optedOut = new Set(optOuts.filter((row) => row.opted_out).map((row) => row.caller_number));
    const stopsNotHonoured = [...stopped.values()].filter((text) => !optedOut.has(text.caller));
    const voiceFailures = chaosCalls.filter((call) => call.kind !== "webhook-down" && call.callSid && (!call.webhookStatus || call.webhookStatus >= 300));
    const analyticsWrong = owners.filter((owner) => totals.get(owner) !== carrierCallsTo(owner));
    const notReadyAtEnd = SERVICES.filter((service) => readiness!.last.get(service) !== 200);

    const telephonyPort = rebound.gatewayPort + SERVICES.indexOf("telephony");
    const messagingPort = rebound.gatewayPort + SERVICES.indexOf("messaging");
    const reconciledCalls = await metric(telephonyPort, "telephony_reconciled_calls_total");
    const reconciledTexts = await metric(messagingPort, "messaging_reconciled_inbound_sms_total");
    const spooled = countLines(rebound.logDir, "telephony", "call kept in the spool");
    const spoolRecorded = countLines(rebound.logDir, "telephony", "spooled call recorded");
    const smsSpooled = countLines(rebound.logDir, "messaging", "inbound sms kept in the spool");
    const tooLate = countLines(rebound.logDir, "messaging", "too_late");
    // The gateway's answers of 500 and more during the run, by path (its request log).
    const gateway5xx = new Map<string, number>();
    for (const line of logLines(rebound.logDir, "gateway")) {
      const match = /"path":"([^"]+)","status":(5\d\d)/.exec(line);
      if (match) gateway5xx.set(`${match[1]} ${match[2]}`, (gateway5xx.get(`${match[1]} ${match[2]}`) ?? 0) + 1);
    }
    const heardNoText = chaosCalls.filter((call) => call.twiml?.includes("Please call again later")).length;

    console.log("\n==== figures");
    const figure = (name: string, value: string | number | undefined) => console.log(`  ${name.padEnd(58)} ${value ?? "n/a"}`);
    figure("calls placed (carrier saw them)", chaosCalls.length - notPlaced.length);
    figure("  of which webhookDown (only reconciliation records them)", chaosCalls.filter((call) => call.kind === "webhook-down").length);
    figure("  of which after a STOP (not to be texted)", chaosCalls.filter((call) => call.kind === "stop-then-call").length);
    figure("calls recorded (telephony.calls, by CallSid)", chaosCalls.filter((call) => call.callSid && recorded.get(call.callSid)).length);
    figure("callers to text / texted", `${expected.length} / ${expected.length - untexted.length}`);
    figure(
      "inbound texts (STOPs accepted / STOPs whose webhook failed / replies)",
      `${texts.length} (${acceptedStops.length} / ${failedStops.length} / ${texts.length - stopped.size})`,
    );
    figure("voice webhook failures (no answer or >= 300)", voiceFailures.length);
    figure("inbound texts recorded (messaging.inbound_sms)", `${texts.length - inboundUnrecorded.length} / ${texts.length}`);
    figure(
      "SMS webhook failures (no answer or >= 300)",
      `${smsWebhookFailures.length}${
        smsWebhookFailures.length
          ? `: ${smsWebhookFailures
              .slice(0, 4)
              .map((text) => `${text.body === "STOP" ? "STOP" : "reply"} at ${text.phase} ${text.webhookStatus ?? "no answer"} ${text.webhookError ?? ""}`)
              .join("; ")}`
          : ""
      }`,
    );
    figure("callers who heard the no-text answer", heardNoText);
    figure("gateway answers >= 500 (its request log)", gateway5xx.size ? [...gateway5xx].map(([key, count]) => `${key}: ${count}`).join(", ") : 0);
    figure(
      `all drained, after the last fault (traffic ran ${TAIL_MS / 1000} s past it)`,
      drainedAt ? `${((drainedAt - lastFaultEnded) / 1000).toFixed(1)} s` : `not drained (${lastPending})`,
    );
    figure("calls reconciled (telephony_reconciled_calls_total)", reconciledCalls);
    figure("inbound texts reconciled (messaging_reconciled_inbound_sms_total)", reconciledTexts);
    figure("calls spooled (telephony log) / recorded from the spool", `${spooled} / ${spoolRecorded}`);
    figure("inbound texts spooled (messaging log)", smsSpooled);
    figure("too_late decisions (messaging log lines)", tooLate);
    figure("sends refused by the carrier after a failed-webhook STOP (21610)", attemptedAfterFailedStop.length);
    for (const { name, started: begin, ended } of faults) {
      // The calls placed during the fault that were to be texted: when the last of their texts showed, after the fault ended.
      const during = expected.filter((call) => call.phase === name);
      const lastText = Math.max(...during.map((call) => textWatch.firstSeen.get(call.caller) ?? Number.NaN));
      const caughtUp = Number.isFinite(lastText) ? `last text ${((lastText - ended) / 1000).toFixed(1)} s after it ended` : "not all texted";
      figure(`fault: ${name}`, `${((ended - begin) / 1000).toFixed(1)} s; ${during.length} calls to text during it, ${caughtUp}`);
    }
    for (const service of SERVICES) {
      const byPhase = readiness.notReady.get(service);
      figure(`/readyz not 200 (polls every 0.5 s): ${service}`, byPhase ? [...byPhase].map(([name, count]) => `${name}: ${count}`).join(", ") : 0);
    }
    figure("whole run", clock());

    const checks: [string, boolean, string][] = [
      [
        "no service process exited",
        exitedLines.length === 0 && deadServices.length === 0 && launcherAlive,
        [...exitedLines, ...deadServices.map(([name, pid]) => `${name} (pid ${pid}) is gone`)].join("; "),
      ],
      [
        "every call reached the carrier",
        notPlaced.length === 0,
        notPlaced
          .slice(0, 5)
          .map((call) => `${call.caller} at ${call.phase}: ${call.error}`)
          .join("; "),
      ],
      ["every call is recorded", unrecorded.length === 0, describe(unrecorded)],
      ["no call is recorded twice", recordedTwice.length === 0, describe(recordedTwice)],
      [
        "each owner's analytics counts every call once",
        analyticsWrong.length === 0,
        analyticsWrong.map((owner) => `owner ${owner.index}: ${totals.get(owner)} vs ${carrierCallsTo(owner)} at the carrier`).join("; "),
      ],
      ["every caller within the useful age is texted", untexted.length === 0, describe(untexted)],
      ["no caller is texted twice", textedTwice.length === 0, describe(textedTwice, (call) => `${byCaller.get(call.caller)} texts`)],
      ["every texted call is in its owner's alert (messaging.owner_alerts)", notAlerted.length === 0, describe(notAlerted)],
      [
        "no caller is texted after their STOP",
        stopCallsTexted.length === 0 && attemptedAfterAcceptedStop.length === 0,
        [
          ...describe(stopCallsTexted).split("; "),
          ...attemptedAfterAcceptedStop.map((text) => `${text.caller}: a send refused with 21610 after the STOP was accepted`),
        ]
          .filter(Boolean)
          .join("; "),
      ],
      [
        "every inbound text is recorded",
        inboundUnrecorded.length === 0,
        inboundUnrecorded
          .slice(0, 5)
          .map((text) => `${text.caller} "${text.body}" at ${text.phase} (${text.messageSid ?? "no sid"}, webhook ${text.webhookStatus ?? "no answer"})`)
          .join("; "),
      ],
      [
        "every STOP is honoured (opted out)",
        stopsNotHonoured.length === 0,
        stopsNotHonoured
          .slice(0, 5)
          .map((text) => `${text.caller} (STOP at ${text.phase}, webhook ${text.webhookStatus})`)
          .join("; "),
      ],
      [
        "the voice webhook answered every call (no 5xx)",
        voiceFailures.length === 0,
        describe(voiceFailures, (call) => `${call.webhookStatus ?? "no answer"} ${call.webhookError ?? ""}`),
      ],
      ["every /readyz is 200 again", notReadyAtEnd.length === 0, notReadyAtEnd.join(", ")],
      ["drained within the bound", drainedAt !== undefined, lastPending],
    ];
    console.log("\n==== checks");
    for (const [name, ok, detail] of checks) console.log(`  ${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `: ${detail}`}`);
    failed = checks.some(([, ok]) => !ok);
    if (failed) {
      console.log("\n==== warnings and errors in the services' logs (count, message)");
      for (const line of logSummary(rebound.logDir)) console.log(line);
    }
    console.log(failed ? "\nchaos test FAILED" : `\nchaos test passed in ${clock()}`);
  } catch (error) {
    console.error(`chaos test aborted: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (rebound) for (const line of logSummary(rebound.logDir)) console.log(line);
    failed = true;
  } finally {
    if (!interrupted) await cleanUp();
  }
  return failed ? 1 : 0;
}

function describe(list: PlacedCall[], extra: (call: PlacedCall) => string = () => ""): string {
  const shown = list
    .slice(0, 6)
    .map((call) => `${call.caller} (${call.kind}, ${call.phase}, ${call.callSid ?? "no sid"}${extra(call) ? `, ${extra(call)}` : ""})`);
  return `${list.length}${list.length ? ": " : ""}${shown.join("; ")}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
