import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { json, PUBLIC_BASE_URL, startGateway, type GatewayHarness } from "./gateway-harness";

let gateway: GatewayHarness;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.stop();
});

describe("security headers", () => {
  it("given a page (or anything outside /api), when read, then helmet's headers and a CSP fit for the SPA (scripts from self, inline styles for antd) are present", async () => {
    const response = await gateway.browser().request("GET", "/some/page");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("given an /api answer, when read, then the API's headers: nothing may frame, sniff or load from it, and it is never stored", async () => {
    const response = await gateway.browser().request("GET", "/api/does-not-exist");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("given a request, when answered, then it carries a request id (the client's when valid)", async () => {
    const response = await gateway.browser().request("GET", "/api/business", undefined, { "x-request-id": "req-abc-123" });
    expect(response.headers.get("x-request-id")).toBe("req-abc-123");
  });
});

describe("Origin check", () => {
  it("given another site's Origin, when a state-changing /api request arrives, then 403", async () => {
    const response = await gateway
      .browser()
      .request("POST", "/api/login", { email: "a@example.com", password: "secret-pass" }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({
      message: `This page's address (https://evil.example) is not the address Rebound is served from (${PUBLIC_BASE_URL}). Open ${PUBLIC_BASE_URL}.`,
      code: "FORBIDDEN",
    });
  });

  it("given the app's own Origin or none, when posting, then the request goes through", async () => {
    const same = await gateway.browser().request("POST", "/api/create-payment-intent", {}, { origin: PUBLIC_BASE_URL });
    const none = await gateway.browser().request("POST", "/api/create-payment-intent", {});
    expect([same.status, none.status]).toEqual([200, 200]);
  });

  it("given another site's Origin, when it only reads, then it is not blocked by the Origin check", async () => {
    const response = await gateway.browser().request("GET", "/api/business", undefined, { origin: "https://evil.example" });
    expect(response.status).toBe(401);
  });
});

describe("bodies and errors", () => {
  it("given a JSON body over 100 kB, when posted, then 413 with a plain message", async () => {
    const response = await gateway.browser().request("POST", "/api/login", { email: "a@example.com", password: "x".repeat(120_000) });
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual({ message: "Request body too large", code: "PAYLOAD_TOO_LARGE" });
  });

  it("given malformed JSON, when posted, then 400 without a stack trace", async () => {
    const response = await gateway.browser().request("POST", "/api/login", "{not json");
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Malformed request body", code: "BAD_REQUEST" });
    expect(text).not.toContain("at ");
  });
});

describe("Twilio webhooks", () => {
  const form = { CallSid: "CA123", From: "+15551230000", To: "+15559870000", CallStatus: "no-answer" };
  const post = (path: string, signature?: string) =>
    gateway.browser().request("POST", path, new URLSearchParams(form).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      ...(signature ? { "x-twilio-signature": signature } : {}),
    });

  it("given a valid X-Twilio-Signature over PUBLIC_BASE_URL + path, when the voice webhook arrives, then the service gets the parsed form", async () => {
    const signature = getExpectedTwilioSignature("dev-auth-token", `${PUBLIC_BASE_URL}/webhooks/twilio/voice?attempt=1`, form);
    const response = await post("/webhooks/twilio/voice?attempt=1", signature);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ path: "/webhooks/twilio/voice?attempt=1", body: form });
  });

  it.each([
    ["a signature by another token", () => getExpectedTwilioSignature("another-token", `${PUBLIC_BASE_URL}/webhooks/twilio/sms`, form)],
    ["a signature over another URL", () => getExpectedTwilioSignature("dev-auth-token", "http://elsewhere.test/webhooks/twilio/sms", form)],
    ["no signature", () => undefined],
  ])("given %s, when a webhook arrives, then 403 and the service never sees it", async (_case, sign) => {
    const before = gateway.services.seen.length;
    const response = await post("/webhooks/twilio/sms", sign());
    expect(response.status).toBe(403);
    expect(gateway.services.seen.length).toBe(before);
  });

  it("given a Stripe webhook, when it arrives, then the gateway leaves its raw body unread for billing's own signature check", async () => {
    const response = await gateway.browser().request("POST", "/webhooks/stripe", { id: "evt_1" }, { origin: "https://evil.example" });
    expect(response.status).toBe(200);
    expect((await json(response)).body).toEqual({ id: "evt_1" });
  });
});
