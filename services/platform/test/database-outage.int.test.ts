import { isConnectionError, openDatabase, signInternalUser } from "@rebound/platform";
import { describeIf, freePort, privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "@rebound/testing";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// One real service process (analytics: HTTP reads, consumers on the embedded bus over PostgreSQL)
// on a PostgreSQL cluster of the test's own, whose server the test stops, starts, restarts and
// kills. The process must never exit; /healthz stays 200; /readyz is 503 while the database is
// down and 200 again within seconds after; its API answers again. Like the other PostgreSQL
// suites it runs when DATABASE_URL is set (.ci/run), or with OUTAGE_TEST=1, and needs the
// PostgreSQL binaries (/usr/lib/postgresql/*/bin); DATABASE_URL's server is never used. About 35 s.
const unavailable =
  process.env.DATABASE_URL || process.env.OUTAGE_TEST === "1"
    ? privatePostgresUnavailable()
    : "set DATABASE_URL or OUTAGE_TEST=1 to run it; .ci/run sets DATABASE_URL";
const repoRoot = resolve(__dirname, "../../..");
const SECRET = "outage-test-internal-secret";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function status(url: string, init?: RequestInit): Promise<number> {
  try {
    return (await fetch(url, { ...init, signal: AbortSignal.timeout(3_000) })).status;
  } catch {
    return 0; // no answer
  }
}

/** Polls until `predicate` holds; the milliseconds it took. */
async function within(timeoutMs: number, what: string, predicate: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await predicate()) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

describeIf(!unavailable, unavailable ?? "")("a service during a PostgreSQL outage", () => {
  let pg: PrivatePostgres;
  let service: ChildProcess;
  let base: string;
  let log = "";
  let exited: string | undefined;
  let dataDir: string;
  const figures: Record<string, number> = {};

  const api = () =>
    status(`${base}/api/analytics/stats`, { headers: { "x-rebound-user": signInternalUser({ id: randomUUID(), email: "owner@example.com" }, SECRET) } });
  const ready = () => status(`${base}/readyz`);
  const healthy = () => status(`${base}/healthz`);
  const alive = () => exited === undefined;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: pg.url };
    delete env.KAFKA_BROKERS;
    delete env.REDIS_URL;
    // As start:distributed applies them.
    const migratingAt = Date.now();
    await runCommand("npm", ["run", "--silent", "db:migrate:deploy"], env);
    figures.migrateMs = Date.now() - migratingAt;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), "outage-"));
    service = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "services/analytics/src/main.ts")], {
      cwd: join(repoRoot, "services/analytics"),
      env: {
        ...env,
        NODE_ENV: "development",
        NODE_OPTIONS: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        INTERNAL_AUTH_SECRET: SECRET,
        ANALYTICS_STATS_CACHE_MS: "0",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    service.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    service.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    service.once("exit", (code, signal) => (exited = signal ?? `code ${code}`));
    figures.serviceStartMs = await within(60_000, "analytics ready", async () => alive() && (await ready()) === 200);
  }, 120_000);

  afterAll(async () => {
    if (service && alive()) {
      const stoppingAt = Date.now();
      const gone = new Promise((done) => service.once("exit", done));
      service.kill("SIGTERM");
      await Promise.race([gone, new Promise((done) => setTimeout(done, 10_000).unref())]);
      figures.serviceStopMs = Date.now() - stoppingAt;
      if (alive()) service.kill("SIGKILL");
    }
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    console.log(`database outage figures (ms): ${JSON.stringify(figures)}; service exit: ${exited}`);
  }, 30_000);

  afterEach(() => {
    if (exited) throw new Error(`the service exited (${exited}); its log:\n${log.slice(-4_000)}`);
  });

  it("given the database stopped for 5 s, then /healthz stays 200 and /readyz is 503; started again, then /readyz is 200 and the API answers", async () => {
    expect(await api()).toBe(200);
    // Traffic throughout, so connections are checked out when the server goes away.
    let traffic = true;
    const answers: number[] = [];
    const load = (async () => {
      while (traffic) {
        answers.push(await api());
        await sleep(20);
      }
    })();
    try {
      const stoppedAt = Date.now();
      await pg.stop();
      figures.stopMs = Date.now() - stoppedAt;
      await within(5_000, "/readyz 503", async () => (await ready()) === 503);
      figures.readyz503Ms = Date.now() - stoppedAt;
      // Down for about 5 s: alive, live, not ready.
      while (Date.now() - stoppedAt < 5_000) {
        expect(alive()).toBe(true);
        expect(await healthy()).toBe(200);
        const started = Date.now();
        expect(await ready()).toBe(503);
        expect(Date.now() - started).toBeLessThan(2_000);
        await sleep(250);
      }
      expect(answers.some((code) => code >= 500)).toBe(true);
      const restartedAt = Date.now();
      await pg.start();
      figures.databaseStartMs = Date.now() - restartedAt;
      await within(10_000, "/readyz 200 after the start", async () => (await ready()) === 200);
      figures.readyz200Ms = Date.now() - restartedAt;
      expect(await api()).toBe(200);
    } finally {
      traffic = false;
      await load;
    }
    expect(alive()).toBe(true);
  }, 60_000);

  it("given a restart of the database (stop and start within a second), then no crash and the API answers again", async () => {
    let traffic = true;
    const load = (async () => {
      while (traffic) {
        await api();
        await sleep(20);
      }
    })();
    try {
      const restartedAt = Date.now();
      await pg.restart();
      figures.restartDownMs = Date.now() - restartedAt;
      figures.restartApiBackMs = (await within(10_000, "the API after a restart", async () => (await api()) === 200)) + figures.restartDownMs;
      expect(await ready()).toBe(200);
    } finally {
      traffic = false;
      await load;
    }
    expect(await healthy()).toBe(200);
    expect(alive()).toBe(true);
  }, 30_000);

  it("given the database server killed (a crash) and started again, then no crash and the API answers again", async () => {
    await pg.kill();
    expect(await ready()).toBe(503);
    await pg.start();
    figures.crashApiBackMs = await within(10_000, "the API after a crash", async () => (await api()) === 200);
    await sleep(500);
    expect(alive()).toBe(true);
    expect(log).not.toMatch(/uncaught exception|unhandled rejection/);
  }, 30_000);

  it("given transactions holding their pooled connections when the server stops, then each fails with a connection error, nothing is thrown uncaught, and the pool reconnects", async () => {
    const database = await openDatabase({ databaseUrl: pg.url, dataDir: "memory", poolSize: 4 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      // Between two statements of each transaction the connection is checked out with no query running:
      // pg-pool listens for errors only on idle connections, so the server's termination had no listener.
      const held = Array.from({ length: 3 }, () =>
        database.sql
          .transaction(async (tx) => {
            await tx.$queryRawUnsafe("SELECT 1");
            await sleep(1_500);
            await tx.$queryRawUnsafe("SELECT 1");
          })
          .then(
            () => "committed",
            (error: unknown) => error,
          ),
      );
      await database.ping(); // and one idle connection
      await sleep(200);
      await pg.stop();
      const outcomes = await Promise.all(held);
      expect(outcomes.every((outcome) => isConnectionError(outcome))).toBe(true);
      expect(await database.ping().catch((error: unknown) => isConnectionError(error))).toBe(true);
      await pg.start();
      expect(await database.ping()).toBe(true);
      await sleep(200);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await database.close();
    }
    await within(10_000, "the service ready again", async () => (await ready()) === 200);
    expect(alive()).toBe(true);
  }, 30_000);
});
