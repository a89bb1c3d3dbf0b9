// The whole product as `npm start` runs it (gateway, every service, the carrier simulator, PGlite
// or a scratch PostgreSQL database) on a fresh data folder, and an owner who signs up through the
// public API, buys a number and sets a message, as a real owner does first.

import { createSilentLogger, loadConfig } from "@rebound/platform";
import { standaloneConfigSchema, startStandalone, type RunningStandalone } from "@rebound/standalone";
import { createScratchPostgresDatabase, freePort, OwnerClient, QUICK_TEXTING_REGISTRATION_ENV } from "@rebound/testing";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type StandaloneApp = RunningStandalone & { url: string };

export async function startStandaloneApp(): Promise<StandaloneApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-analytics-"));
  // Standalone's consumer groups have fixed names: on PostgreSQL each test process needs its own database.
  const scratch = await createScratchPostgresDatabase();
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "development",
    ...QUICK_TEXTING_REGISTRATION_ENV,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const config = loadConfig(standaloneConfigSchema, env);
  // The simulator in this process (not in its thread, as `npm start` has it): the delivery test
  // times the simulator's callbacks by watching this process's fetch.
  const running = await startStandalone({ config, logger: createSilentLogger(), env, simulatorInThread: false });
  return {
    ...running,
    url: config.PUBLIC_BASE_URL,
    stop: async () => {
      await running.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in owner without a browser (OwnerClient) who can also buy a number and set the message. */
export class Owner extends OwnerClient {
  /** Buys the first number of area code 415, registers US texting and sets the message; returns the number. */
  async setUpNumber(message: string): Promise<string> {
    const search = await this.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    const dedicatedNumber = search.body.numbers[0]?.phoneNumber;
    if (!dedicatedNumber) throw new Error(`no number found: ${JSON.stringify(search)}`);
    const steps = [
      await this.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber }),
      await this.call("PATCH", "/api/business/profile", { businessName: "Ada Plumbing", businessPhone: "+12125550123" }),
      await this.call("POST", "/api/business", {
        customMessage: message,
        afterHoursEnabled: false,
        afterHoursMessage: "",
        smsAutoReplyEnabled: false,
        smsAutoReplyMessage: "",
        timeZone: "America/New_York",
        isActive: true,
      }),
    ];
    for (const step of steps) if (step.status >= 300) throw new Error(`owner set-up failed: ${JSON.stringify(step)}`);
    await this.registerUsTexting(); // carriers block texts to US callers from unregistered numbers
    return dedicatedNumber;
  }
}
