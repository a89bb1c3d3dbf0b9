import { createSilentLogger } from "../logging/logger";
import { checkWithTimeout, createHttpApp } from "./create-http-app";
import { startHttpServer, type RunningServer } from "./http-server";

describe("the HTTP app's operational endpoints", () => {
  let server: RunningServer;
  let ready = true;

  beforeAll(async () => {
    const app = createHttpApp({
      logger: createSilentLogger(),
      readiness: { db: async () => ready, bus: async () => Promise.reject(new Error("down")) },
      mount: (app) => {
        app.post("/healthz", (_req, res) => {
          res.json({ mounted: true });
        });
        app.get("/healthz-details", (_req, res) => {
          res.json({ mounted: true });
        });
      },
    });
    server = await startHttpServer(app, 0, "127.0.0.1");
  });
  afterAll(() => server.close());

  it("match GET and HEAD as express's routes do: any case, one trailing slash", async () => {
    for (const path of ["/healthz", "/HEALTHZ", "/healthz/"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
    const head = await fetch(`${server.url}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leave other methods and longer paths to the mounts", async () => {
    expect(await (await fetch(`${server.url}/healthz`, { method: "POST" })).json()).toEqual({ mounted: true });
    expect(await (await fetch(`${server.url}/healthz-details`)).json()).toEqual({ mounted: true });
    expect((await fetch(`${server.url}/healthz/extra`)).status).toBe(404);
  });

  it("report readiness per check, a failing check as false and the whole as 503", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "not ready", checks: { db: true, bus: false } });
    ready = false;
    expect(await (await fetch(`${server.url}/readyz/`)).json()).toMatchObject({ checks: { db: false } });
  });

  it("keep the request id a client sent, when it is well formed", async () => {
    expect((await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "abc.123" } })).headers.get("x-request-id")).toBe("abc.123");
    expect((await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "bad id!" } })).headers.get("x-request-id")).not.toBe("bad id!");
  });

  it("count their requests under their own path in the duration histogram", async () => {
    await fetch(`${server.url}/HEALTHZ/`);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/healthz",status="200"\} \d+/);
  });
});

describe("a readiness check", () => {
  it("that hangs counts as failed after the timeout, so /readyz answers 503 instead of hanging", async () => {
    const started = Date.now();
    expect(await checkWithTimeout(() => new Promise<boolean>(() => undefined), 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("that throws synchronously or answers anything but true counts as failed", async () => {
    expect(
      await checkWithTimeout(() => {
        throw new Error("down");
      }, 50),
    ).toBe(false);
    expect(await checkWithTimeout(async () => true, 50)).toBe(true);
  });
});
