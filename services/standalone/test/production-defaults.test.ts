import { createSilentLogger, loadConfig } from "@rebound/platform";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { standaloneConfigSchema } from "../src/config";
import { startStandalone } from "../src/start-standalone";
import { freePort } from "./standalone-harness";

// Issue 16, defect 5: `NODE_ENV=production npm start` without real providers exits with a message
// naming the settings; development binds 127.0.0.1 unless HOST; /metrics leaves the public port.
jest.setTimeout(120_000);

const secrets = { INTERNAL_AUTH_SECRET: "a-real-internal-secret-123", SESSION_SECRET: "a-real-session-secret-123" };

describe("standalone production defaults", () => {
  it("given NODE_ENV=production without Twilio, Stripe or SMTP, then start-up fails naming all three", async () => {
    const env = { NODE_ENV: "production", DATA_DIR: "memory", ...secrets };
    const config = loadConfig(standaloneConfigSchema, env);
    await expect(startStandalone({ config, logger: createSilentLogger(), env })).rejects.toThrow(
      "NODE_ENV=production refuses development stand-ins. Set TWILIO_ACCOUNT_SID, STRIPE_SECRET_KEY, SMTP_URL",
    );
  });

  it("given NODE_ENV=production with the development internal secret, then start-up fails", async () => {
    const env = { NODE_ENV: "production", DATA_DIR: "memory" };
    await expect(startStandalone({ config: loadConfig(standaloneConfigSchema, env), logger: createSilentLogger(), env })).rejects.toThrow(
      "INTERNAL_AUTH_SECRET must be set in production",
    );
  });

  it("binds 127.0.0.1 by default in development, 0.0.0.0 in production, and HOST wins", () => {
    expect(loadConfig(standaloneConfigSchema, {}).HOST).toBe("127.0.0.1");
    expect(loadConfig(standaloneConfigSchema, {}).HOST_DEFAULTED).toBe(true);
    expect(loadConfig(standaloneConfigSchema, { NODE_ENV: "production" }).HOST).toBe("0.0.0.0");
    expect(loadConfig(standaloneConfigSchema, { HOST: "0.0.0.0" })).toMatchObject({ HOST: "0.0.0.0", HOST_DEFAULTED: false });
  });

  it("given METRICS_PORT, then /metrics is served there and not on the public port", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rebound-metrics-"));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env = { NODE_ENV: "development", PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: dataDir };
    const config = loadConfig(standaloneConfigSchema, env);
    const running = await startStandalone({ config, logger: createSilentLogger(), env });
    try {
      expect(running.metricsPort).toBe(metricsPort);
      const publicMetrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(await publicMetrics.text()).not.toContain("http_request_duration_seconds");
      const internal = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(internal.status).toBe(200);
      expect(await internal.text()).toContain("http_request_duration_seconds");
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/business`)).status).toBe(404);
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
