import type express from "express";
import { createSilentLogger } from "../logging/logger";
import { createHttpApp } from "./create-http-app";
import { startHttpServer, type RunningServer } from "./http-server";
import { prepareJson, sendPreparedJson } from "./prepared-json";

describe("prepared JSON", () => {
  let server: RunningServer;
  const value = { stats: { totalCalls: 2 }, recentSms: [{ message: "Désolé 😀" }] };
  beforeAll(async () => {
    const app = createHttpApp({
      logger: createSilentLogger(),
      mount: (app) => {
        app.get("/prepared", (_req: express.Request, res: express.Response) => sendPreparedJson(res, prepareJson(value)));
        app.get("/plain", (_req: express.Request, res: express.Response) => void res.json(value));
      },
    });
    server = await startHttpServer(app, 0, "127.0.0.1");
  });
  afterAll(() => server.close());

  it("answers what res.json answers, with the same ETag", async () => {
    const [prepared, plain] = await Promise.all([fetch(`${server.url}/prepared`), fetch(`${server.url}/plain`)]);
    expect(prepared.status).toBe(200);
    expect(prepared.headers.get("content-type")).toBe(plain.headers.get("content-type"));
    expect(prepared.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(await prepared.json()).toEqual(value);
    expect(await plain.json()).toEqual(value);
  });

  // fetch itself adds "Cache-Control: no-cache" (which forbids a 304) to a conditional request unless told otherwise.
  it("answers 304 without a body to a matching If-None-Match, as res.json does", async () => {
    const etag = prepareJson(value).etag;
    const headers = { "if-none-match": etag, "cache-control": "max-age=0" };
    const [prepared, plain] = await Promise.all([fetch(`${server.url}/prepared`, { headers }), fetch(`${server.url}/plain`, { headers })]);
    expect([prepared.status, plain.status]).toEqual([304, 304]);
    expect(await prepared.text()).toBe("");
    expect(prepared.headers.get("etag")).toBe(etag);
    expect(prepared.headers.get("content-type")).toBe(plain.headers.get("content-type"));
  });

  it("answers HEAD with the headers and no body, and sends the length in bytes", async () => {
    const head = await fetch(`${server.url}/prepared`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify(value))));
    expect(await head.text()).toBe("");
  });
});
