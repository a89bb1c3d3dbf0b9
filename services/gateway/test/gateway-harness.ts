import express from "express";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { startServices, type PlatformConfig, type PlatformRuntime, type RunningServices } from "@rebound/platform";
import { Browser, createTestRuntime, FakeClock, json } from "@rebound/testing";

export { Browser, json };
import { gatewayConfigSchema, type GatewayConfig } from "../src/config";
import type { RateLimitName, RateLimitSetting } from "../src/edge/rate-limits";
import { createGatewayService, type GatewayServiceDeps, type Upstreams } from "../src/service";
import { FakeServices } from "./fake-services";

export const PUBLIC_BASE_URL = "http://rebound.test";

export interface GatewayHarness {
  runtime: PlatformRuntime;
  running: RunningServices;
  clock: FakeClock;
  services: FakeServices;
  browser(): Browser;
  stop(): Promise<void>;
}

export interface GatewayHarnessOptions {
  rateLimits?: Partial<Record<RateLimitName, RateLimitSetting>>;
  config?: Partial<PlatformConfig>;
  gatewayConfig?: Record<string, string>;
  /** Distributed mode: the fake services run as their own HTTP server and the gateway proxies to it. */
  distributed?: boolean;
  /** Distributed mode: these services at other addresses (e.g. one nobody listens on). */
  upstreamOverrides?: Partial<Record<"identity" | "business" | "telephony" | "messaging" | "billing", string>>;
}

/** The gateway on port 0 with fake services behind it: their router in process (standalone) or over HTTP (distributed). */
export async function startGateway(options: GatewayHarnessOptions = {}): Promise<GatewayHarness> {
  const clock = new FakeClock(new Date());
  const runtime = await createTestRuntime({ migrate: [join(__dirname, "..")], clock, config: { PUBLIC_BASE_URL, ...options.config } });
  const services = new FakeServices(runtime.config.INTERNAL_AUTH_SECRET);
  const config: GatewayConfig = gatewayConfigSchema.parse(options.gatewayConfig ?? {});
  let upstream: Server | undefined;
  let upstreams: Upstreams;
  if (options.distributed) {
    const app = express().use(services.router());
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    upstream = server;
    const address = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${address.port}`;
    upstreams = { identity: url, business: url, telephony: url, messaging: url, billing: url, ...options.upstreamOverrides };
  } else {
    const router = services.router();
    upstreams = { identity: router, business: router, telephony: router, messaging: router, billing: router, analytics: router };
  }
  const gatewayOptions: GatewayServiceDeps = { upstreams, config, rateLimits: options.rateLimits, rateLimitPrefix: `test-${randomUUID()}` };
  const gateway = createGatewayService(runtime, gatewayOptions);
  // The gateway is the only mount, as in standalone.
  const running = await startServices(runtime, [gateway], { port: 0, mount: (app) => app.use(gateway.router!) });
  return {
    runtime,
    running,
    clock,
    services,
    browser: () => new Browser(running.url),
    stop: async () => {
      await running.stop();
      const server = upstream;
      if (server) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A client that keeps the session cookie, like a browser on the same origin. */

/** A valid sign-up body (contracts' registerSchema), card-less unless `extra` adds a paymentMethodId. */
export function signUpBody(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { email, password: "secret-pass", confirmPassword: "secret-pass", firstName: "Dana", lastName: "Reyes", ...extra };
}
