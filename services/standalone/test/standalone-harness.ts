import { createSilentLogger, loadConfig } from "@rebound/platform";
import { createScratchPostgresDatabase, freePort, migratedTemplate, QUICK_TEXTING_REGISTRATION_ENV } from "@rebound/testing";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import twilio from "twilio";
import { standaloneConfigSchema } from "../src/config";
import { startStandalone, type RunningStandalone } from "../src/start-standalone";

export { cookieHeader, freePort, keepCookies, OwnerClient, waitUntil } from "@rebound/testing";

export const DEV_AUTH_TOKEN = "dev-auth-token";

/**
 * Standalone as `npm start` runs it (simulator, dev mailbox; carriers enforcing US texting registration),
 * on a free port and a fresh data folder, with registrations approved in a fraction of a second;
 * `extraEnv` adds settings (e.g. Stripe's).
 */
export async function startTestStandalone(extraEnv: Record<string, string> = {}): Promise<RunningStandalone & { dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-standalone-"));
  // Standalone's consumer groups have fixed names: on PostgreSQL each test process needs its own database.
  const scratch = await createScratchPostgresDatabase();
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "development",
    ...QUICK_TEXTING_REGISTRATION_ENV,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...extraEnv,
  };
  const config = loadConfig(standaloneConfigSchema, env);
  // On PGlite the fresh folder starts from the migrated template (initdb and every migration take seconds).
  const databaseTemplate = scratch ? undefined : await migratedTemplate();
  const running = await startStandalone({ config, logger: createSilentLogger(), env, databaseTemplate });
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
