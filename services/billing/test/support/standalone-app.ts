import { createSilentLogger, loadConfig } from "@rebound/platform";
import { isDevMailbox, type StoredMail } from "@rebound/providers/mail";
import { createMailer, mailConfigSchema } from "@rebound/providers/mail";
import { standaloneConfigSchema, startStandalone, type RunningStandalone } from "@rebound/standalone";
import { createScratchPostgresDatabase, FakeClock, freePort, QUICK_TEXTING_REGISTRATION_ENV } from "@rebound/testing";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BillingApp extends RunningStandalone {
  url: string;
  dataDir: string;
  clock: FakeClock;
  mails(): Promise<StoredMail[]>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The whole product as `npm start` runs it (local payment provider, carrier simulator, dev mailbox)
 * on a fresh data folder, with a clock the test moves. The billing cycle job looks every 100 ms.
 */
export async function startBillingApp(extraEnv: Record<string, string> = {}): Promise<BillingApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-billing-"));
  const scratch = await createScratchPostgresDatabase();
  const clock = new FakeClock("2026-03-02T15:00:00Z");
  const env: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "development",
    BILLING_CYCLE_INTERVAL_MS: "100",
    RELEASE_JOB_INTERVAL_MS: "3600000",
    SESSION_MAX_AGE_DAYS: "90",
    ...QUICK_TEXTING_REGISTRATION_ENV,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...extraEnv,
  };
  // Standalone reads some services' settings from process.env; these tests own theirs.
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const standaloneConfig = loadConfig(standaloneConfigSchema, env);
  const running = await startStandalone({ config: standaloneConfig, logger: createSilentLogger(), env, clock });
  const mailer = createMailer(loadConfig(mailConfigSchema, { DATA_DIR: dataDir }));
  return {
    ...running,
    url: standaloneConfig.PUBLIC_BASE_URL,
    dataDir,
    clock,
    mails: async () => (isDevMailbox(mailer) ? mailer.list() : []),
    query: (sql, params) => running.runtime.database.query(sql, params),
    stop: async () => {
      await running.stop();
      await mailer.close();
      await scratch?.drop();
      process.env = saved;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
