import { createSilentLogger, loadConfig } from "@rebound/platform";
import { createScratchPostgresDatabase } from "@rebound/testing";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import twilio from "twilio";
import { standaloneConfigSchema } from "../src/config";
import { startStandalone, type RunningStandalone } from "../src/start-standalone";

export const DEV_AUTH_TOKEN = "dev-auth-token";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Standalone as `npm start` runs it (simulator, dev mailbox), on a free port and a fresh data folder. */
export async function startTestStandalone(): Promise<RunningStandalone & { dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-standalone-"));
  // Standalone's consumer groups have fixed names: on PostgreSQL each test process needs its own database.
  const scratch = await createScratchPostgresDatabase();
  const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "development", ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  const config = loadConfig(standaloneConfigSchema, env);
  const running = await startStandalone({ config, logger: createSilentLogger(), env });
  return {
    ...running,
    url: config.PUBLIC_BASE_URL,
    dataDir,
    stop: async () => {
      await running.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs a response sets, merged into `jar` (a cleared cookie is dropped). */
export function keepCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1);
    if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** A browser-less owner: keeps every cookie the gateway sets (session and others) between calls. */
export class OwnerClient {
  private readonly cookies = new Map<string, string>();

  /** The Cookie header this owner sends. */
  get cookie(): string {
    return cookieHeader(this.cookies);
  }

  constructor(private readonly baseUrl: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(this.cookies, res);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  async signUp(email: string): Promise<void> {
    const res = await this.call("POST", "/api/register", {
      email,
      password: "secret-password",
      confirmPassword: "secret-password",
      firstName: "Ada",
      lastName: "Owner",
      subscriptionPlan: "professional",
      billingFrequency: "monthly",
    });
    if (res.status !== 200 && res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res)}`);
    await waitUntil(async () => (await this.call("GET", "/api/business")).status === 200, "the business to be created");
  }
}

export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Posts a voice webhook signed like Twilio (or wrongly signed). */
export async function postVoiceWebhook(baseUrl: string, params: Record<string, string>, authToken = DEV_AUTH_TOKEN): Promise<Response> {
  const url = `${baseUrl}/webhooks/twilio/voice`;
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

export interface SimulatedMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  createdAt: number;
}

export async function simulatorMessages(baseUrl: string, to?: string): Promise<SimulatedMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : "";
  const res = await fetch(`${baseUrl}/dev/simulator/messages${query}`);
  return ((await res.json()) as { messages: SimulatedMessage[] }).messages;
}
