import type express from "express";
import { createSilentLogger } from "../logging/logger";
import { createHttpApp } from "../http/create-http-app";
import { startHttpServer } from "../http/http-server";
import { loadConfig } from "./load-config";
import { assertProductionProviders, assertProvidersConfigured, platformConfigSchema } from "./platform-config";

describe("production refuses development stand-ins (issue 16, defect 5)", () => {
  it("names every missing provider setting at once", () => {
    expect(() => assertProductionProviders("production", {}, ["telephony", "payments", "mail"])).toThrow(
      /Set TWILIO_ACCOUNT_SID, STRIPE_SECRET_KEY, SMTP_URL:\n {2}- TWILIO_ACCOUNT_SID is unset, which would run the carrier simulator/,
    );
    expect(() => assertProductionProviders("production", { TWILIO_ACCOUNT_SID: "AC1", SMTP_URL: " " }, ["telephony", "mail"])).toThrow(/Set SMTP_URL:/);
  });

  it("lets production with real providers, and development without them, start", () => {
    expect(() =>
      assertProductionProviders("production", { TWILIO_ACCOUNT_SID: "AC1", STRIPE_SECRET_KEY: "sk", SMTP_URL: "smtp://m" }, ["telephony", "payments", "mail"]),
    ).not.toThrow();
    expect(() => assertProductionProviders("development", {}, ["telephony", "payments", "mail"])).not.toThrow();
  });
});

describe("a production entry (main.ts) builds only the real providers", () => {
  it("given missing provider settings, then it refuses whatever NODE_ENV, naming each setting and the dev entry", () => {
    expect(() => assertProvidersConfigured({ NODE_ENV: "development" }, ["telephony", "payments"])).toThrow(
      /Set TWILIO_ACCOUNT_SID, STRIPE_SECRET_KEY:\n {2}- TWILIO_ACCOUNT_SID is unset, and Twilio needs it\n {2}- STRIPE_SECRET_KEY is unset, and Stripe needs it\n.*main\.dev\.ts/,
    );
  });

  it("given the settings, or nothing it must build, then it starts", () => {
    expect(() => assertProvidersConfigured({ TWILIO_ACCOUNT_SID: "AC1" }, ["telephony"])).not.toThrow();
    expect(() => assertProvidersConfigured({}, [])).not.toThrow();
  });
});

describe("TRUST_PROXY", () => {
  it("parses hop counts, lists and false; defaults to loopback only", () => {
    expect(loadConfig(platformConfigSchema, {}).TRUST_PROXY).toBe("loopback");
    expect(loadConfig(platformConfigSchema, { TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig(platformConfigSchema, { TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig(platformConfigSchema, { TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toBe("10.0.0.0/8");
  });

  it.each([
    ["false", false, "127.0.0.1"],
    ["loopback", "loopback", "203.0.113.9"],
  ])("with TRUST_PROXY=%s, X-Forwarded-For from this machine gives req.ip", async (_name, trustProxy, expected) => {
    const app = createHttpApp({
      logger: createSilentLogger(),
      trustProxy,
      mount: (mounted) => mounted.get("/ip", (req: express.Request, res: express.Response) => void res.json({ ip: req.ip })),
    });
    const server = await startHttpServer(app, 0, "127.0.0.1");
    try {
      const res = await fetch(`${server.url}/ip`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(((await res.json()) as { ip: string }).ip.replace(/^::ffff:/, "")).toBe(expected);
    } finally {
      await server.close();
    }
  });

  it("an app without metrics does not serve /metrics", async () => {
    const app = createHttpApp({ logger: createSilentLogger(), metrics: false, mount: () => undefined });
    const server = await startHttpServer(app, 0, "127.0.0.1");
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
