import express from "express";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "node:http";
import { staticWebApp } from "../src/edge/static-web-app";

const INDEX = "<!doctype html><title>Rebound</title><div id=root></div>";

/** An app with the static web app mounted before a JSON 404, as the gateway and platform do. */
async function serve(distDir: string): Promise<{ url: string; server: Server }> {
  const app = express();
  app.get("/api/ping", (_req, res) => {
    res.json({ pong: true });
  });
  app.use(staticWebApp(distDir));
  app.use((_req, res) => {
    res.status(404).json({ message: "Not found" });
  });
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("static web app", () => {
  let dist: string;
  let url: string;
  let server: Server;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "web-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), INDEX);
    writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('app')");
    writeFileSync(join(dist, "favicon.svg"), "<svg/>");
    writeFileSync(join(dist, "assets", "big-def456.js"), `export const words = ${JSON.stringify("missed call text back ".repeat(2_000))};`);
    ({ url, server } = await serve(dist));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it("given a hashed asset, when fetched, then it is served with a year-long immutable cache", async () => {
    const response = await fetch(`${url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain("console.log");
  });

  it("given a browser that accepts gzip, when it fetches a large asset, then it comes gzipped; the API is left alone", async () => {
    const asset = await fetch(`${url}/assets/big-def456.js`, { headers: { "accept-encoding": "gzip" } });
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(await asset.text()).toContain("missed call text back");
    const api = await fetch(`${url}/api/ping`, { headers: { "accept-encoding": "gzip" } });
    expect(api.headers.get("content-encoding")).toBeNull();
  });

  it("given a client-side route, when loaded, then index.html comes back with no-cache (SPA fallback)", async () => {
    for (const path of ["/", "/login", "/calculator/results?averageValue=1", "/app/setup", "/no-such-page"]) {
      const response = await fetch(`${url}${path}`, { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(INDEX);
    }
  });

  it("given an unhashed public file, when fetched, then it is revalidated", async () => {
    const response = await fetch(`${url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("given /api, /webhooks, /dev, /internal or a probe path, when unknown, then the app is not served", async () => {
    expect(await (await fetch(`${url}/api/ping`)).json()).toEqual({ pong: true });
    for (const path of ["/api/unknown", "/webhooks/x", "/dev/mailbox-x", "/internal/x", "/healthz", "/readyz", "/metrics"]) {
      const response = await fetch(`${url}${path}`, { headers: { accept: "text/html" } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });

  it("given a missing hashed asset or a non-GET, when requested, then it falls through to the 404", async () => {
    expect((await fetch(`${url}/assets/gone-123.js`)).status).toBe(404);
    expect((await fetch(`${url}/login`, { method: "POST" })).status).toBe(404);
  });

  it("given no build, when mounted, then it serves nothing", async () => {
    const empty = mkdtempSync(join(tmpdir(), "web-none-"));
    const other = await serve(empty);
    try {
      expect((await fetch(`${other.url}/login`, { headers: { accept: "text/html" } })).status).toBe(404);
    } finally {
      await new Promise((resolve) => other.server.close(resolve));
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
