import express from "express";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { startServices, type PlatformConfig, type PlatformRuntime, type RunningServices } from "@rebound/platform";
import { createTestRuntime, FakeClock } from "@rebound/platform/src/testing";
import { gatewayConfigSchema, type GatewayConfig } from "../src/config";
import type { RateLimitName, RateLimitSetting } from "../src/edge/rate-limits";
import { createGatewayService, type GatewayOptions } from "../src/service";
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
}

/** The gateway on port 0 with fake services behind it: in the same app (standalone) or over HTTP (distributed). */
export async function startGateway(options: GatewayHarnessOptions = {}): Promise<GatewayHarness> {
  const clock = new FakeClock(new Date());
  const runtime = await createTestRuntime({ migrate: [join(__dirname, "..")], clock, config: { PUBLIC_BASE_URL, ...options.config } });
  const services = new FakeServices(runtime.config.INTERNAL_AUTH_SECRET);
  const config: GatewayConfig = gatewayConfigSchema.parse(options.gatewayConfig ?? {});
  let upstream: Server | undefined;
  const gatewayOptions: GatewayOptions = { config, rateLimits: options.rateLimits, rateLimitPrefix: `test-${randomUUID()}` };
  if (options.distributed) {
    const app = express().use(services.router());
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    upstream = server;
    const address = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${address.port}`;
    gatewayOptions.upstreams = { identity: url, business: url, telephony: url, messaging: url, billing: url };
  }
  const gateway = createGatewayService(runtime, gatewayOptions);
  const running = await startServices(runtime, [gateway], {
    port: 0,
    mount: (app) => {
      app.use(gateway.router!);
      if (!options.distributed) app.use(services.router());
    },
  });
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
export class Browser {
  cookie?: string;
  lastSetCookie?: string;

  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("rebound.sid="));
    if (setCookie) {
      this.lastSetCookie = setCookie;
      const value = setCookie.split(";")[0] ?? "";
      this.cookie = value === "rebound.sid=" ? undefined : value;
    }
    return response;
  }

  async login(email: string, password = "secret-pass"): Promise<Response> {
    return this.request("POST", "/api/login", { email, password });
  }
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
