import express, { type RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { apiSecurityHeaders, helmetFor, securityHeaders } from "./security-headers";

async function headersOf(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable("x-powered-by");
  app.use(middleware);
  app.get("/", (_req, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return headers;
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it.each(["http://localhost:8080", "https://app.rebound.example"])(
    "given %s, the precomputed headers are exactly what helmet sets per request",
    async (publicBaseUrl) => {
      const live = await headersOf(helmetFor(publicBaseUrl));
      const precomputed = await headersOf(securityHeaders(publicBaseUrl));
      expect(precomputed).toEqual(live);
      expect(Object.keys(precomputed)).toEqual(expect.arrayContaining(["content-security-policy", "x-content-type-options", "referrer-policy"]));
      expect("strict-transport-security" in precomputed).toBe(publicBaseUrl.startsWith("https:"));
    },
  );
});

describe("API security headers", () => {
  it("sends OWASP's REST set, with HSTS behind https", async () => {
    const plain = await headersOf(apiSecurityHeaders("http://localhost:8080"));
    expect(plain).toMatchObject({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(plain["strict-transport-security"]).toBeUndefined();
    const tls = await headersOf(apiSecurityHeaders("https://app.rebound.example"));
    expect(tls["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
  });
});
