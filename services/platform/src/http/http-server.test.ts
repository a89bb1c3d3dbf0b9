import express from "express";
import { rawExchange } from "@rebound/testing";
import { platformConfigSchema } from "../config/platform-config";
import { startHttpServer, type RunningServer } from "./http-server";

describe("startHttpServer timeouts", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close(0);
    server = undefined;
  });

  it("defaults: headers 10 s, whole request 30 s, keep-alive 65 s (longer than a load balancer's idle timeout)", () => {
    const config = platformConfigSchema.parse({});
    expect([config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS, config.HTTP_KEEP_ALIVE_TIMEOUT_MS]).toEqual([10_000, 30_000, 65_000]);
  });

  it("given a request that declares a longer body than it sends, then it is answered 408 and closed within the request timeout", async () => {
    const app = express().post("/echo", express.text(), (_req, res) => void res.send("ok"));
    server = await startHttpServer(app, 0, "127.0.0.1", { headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 5_000 });
    const { answer, closedAfterMs } = await rawExchange(
      server.port,
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nonly-a-few-bytes",
      10_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it("given headers that never end, then the connection is answered 408 and closed within the headers timeout", async () => {
    server = await startHttpServer(express(), 0, "127.0.0.1", { headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 5_000 });
    const { answer, closedAfterMs } = await rawExchange(server.port, "GET / HTTP/1.1\r\nHost: x\r\n", 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(2_500);
  });
});
