import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createScratchPostgresDatabase, QUICK_TEXTING_REGISTRATION_ENV } from "@rebound/testing";
import { freePort, OwnerClient, postVoiceWebhook, simulatorMessages, waitUntil } from "./standalone-harness";

jest.setTimeout(300_000);

const repoRoot = join(__dirname, "..", "..", "..");
const CALLS = 200;
/** CRASH_TEST_LOG=<file>: the children's logs and the test's progress go there. */
const logFile = process.env.CRASH_TEST_LOG;
const progress = (message: string) => {
  if (logFile) console.log(`[crash-test] ${message}`);
};

/**
 * `npm start` as one child process, so the test can SIGKILL it: node with tsx as a loader,
 * not the tsx wrapper, whose own child would survive a SIGKILL of the wrapper.
 */
function startProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", join(repoRoot, "services/standalone/src/main.ts")], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: logFile ? ["ignore", openSync(logFile, "a"), openSync(logFile, "a")] : "ignore",
  });
}

async function waitReady(url: string): Promise<void> {
  await waitUntil(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.ok === true, "standalone to be ready", 120_000);
}

describe("crash safety of the missed-call path", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-crash-"));
  let child: ChildProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    child?.kill("SIGKILL");
    await sleep(200);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("texts each of 200 missed calls exactly once while the process is SIGKILLed and restarted twice", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // On PostgreSQL (DATABASE_URL set) the child gets a database of its own, as standalone's consumer groups have fixed names.
    const scratch = await createScratchPostgresDatabase();
    dropDatabase = scratch?.drop;
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      ...QUICK_TEXTING_REGISTRATION_ENV,
      // On PostgreSQL another replica may be sending, so a restart leaves the killed process's
      // in-flight texts alone until their send lease runs out (default 5 min): shorten it here.
      ...(scratch ? { DATABASE_URL: scratch.url, MESSAGING_SEND_LEASE_MS: "3000", MESSAGING_RECOVERY_INTERVAL_MS: "1000" } : {}),
    };
    child = startProcess(env);
    await waitReady(url);
    progress("started");

    const owner = new OwnerClient(url);
    await owner.signUp("crash@example.com");
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/212");
    const dedicated = search.body.numbers[0]?.phoneNumber as string;
    await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicated });
    await owner.registerUsTexting(); // carriers block texts to US callers from unregistered numbers
    await owner.call("PATCH", "/api/business/profile", { businessName: "Crash Test Dental", businessPhone: "+12125550123" });
    await owner.call("POST", "/api/business", {
      customMessage: "Sorry we missed you, [Business Name] will call back.",
      timeZone: "America/New_York",
      isActive: true,
      afterHoursEnabled: false,
    });
    await sleep(1_000);

    // Twilio retries a webhook that failed (connection refused while we are down) with the same CallSid.
    let acknowledged = 0;
    const callers = Array.from({ length: CALLS }, (_, i) => `+1555300${String(i + 1).padStart(4, "0")}`);
    const deliver = async (caller: string, i: number) => {
      const params = {
        CallSid: `CAcrash${String(i).padStart(27, "0")}`,
        AccountSid: "ACsimulator",
        From: caller,
        To: dedicated,
        CallStatus: "ringing",
        Direction: "inbound",
      };
      const deadline = Date.now() + 120_000;
      for (;;) {
        const res = await postVoiceWebhook(url, params).catch(() => undefined);
        if (res?.status === 200) break;
        if (res && res.status !== 502 && res.status !== 503) throw new Error(`voice webhook answered ${res.status}`);
        if (Date.now() > deadline) throw new Error("voice webhook never accepted");
        await sleep(100);
      }
      acknowledged++;
    };
    const queue = callers.map((caller, i) => () => deliver(caller, i));
    const workers = Array.from({ length: 20 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    });

    const kills: number[] = [];
    const killer = (async () => {
      for (const threshold of [50, 130]) {
        while (acknowledged < threshold) await sleep(5);
        child?.kill("SIGKILL");
        kills.push(acknowledged);
        progress(`killed after ${acknowledged} acknowledged webhooks`);
        await sleep(300);
        child = startProcess(env);
        await waitReady(url);
        progress("restarted");
      }
    })();
    await Promise.all([...workers, killer]);
    progress(`all ${CALLS} webhooks acknowledged`);
    expect(kills).toHaveLength(2);

    await waitUntil(async () => (await simulatorMessages(url)).filter((m) => m.from === dedicated).length >= CALLS, "200 texts", 90_000).catch(() => undefined);
    await sleep(2_000); // a duplicate would arrive late
    const texts = (await simulatorMessages(url)).filter((message) => message.from === dedicated);
    const perCaller = new Map<string, number>();
    for (const text of texts) perCaller.set(text.to, (perCaller.get(text.to) ?? 0) + 1);
    expect([...perCaller.values()].filter((count) => count > 1)).toEqual([]);
    expect(callers.filter((caller) => !perCaller.has(caller))).toEqual([]);
    expect(texts).toHaveLength(CALLS);
  });
});
