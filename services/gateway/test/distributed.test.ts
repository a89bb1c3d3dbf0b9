import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { json, PUBLIC_BASE_URL, signUpBody, startGateway, type GatewayHarness } from "./gateway-harness";

let gateway: GatewayHarness;
beforeAll(async () => {
  gateway = await startGateway({ distributed: true });
});
afterAll(async () => {
  await gateway.stop();
});

describe("distributed mode (HTTP proxy by the route table)", () => {
  it("given a user, when signing in and calling a service, then identity is reached over HTTP and the service gets the signed user, body and request id", async () => {
    const user = gateway.services.add(`remote-${Date.now()}@example.com`);
    const browser = gateway.browser();
    expect((await browser.login(user.email)).status).toBe(200);
    const response = await browser.request("POST", "/api/business?x=1", { customMessage: "Hello" }, { "x-request-id": "trace-me-1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("trace-me-1");
    expect(await json(response)).toMatchObject({
      method: "POST",
      path: "/api/business?x=1",
      body: { customMessage: "Hello" },
      user: { id: user.id, email: user.email },
    });
  });

  it("given a user, when the consent log export is called, then it is proxied to messaging with the signed user", async () => {
    const user = gateway.services.add(`consent-remote-${Date.now()}@example.com`);
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("GET", "/api/messaging/consent-log.csv");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ method: "GET", path: "/api/messaging/consent-log.csv", user: { id: user.id } });
  });

  it("given no session, when a protected route is called, then the gateway answers 401 without proxying", async () => {
    const before = gateway.services.seen.length;
    expect((await gateway.browser().request("GET", "/api/billing")).status).toBe(401);
    expect(gateway.services.seen.length).toBe(before);
  });

  it("given a signed Twilio webhook, when proxied, then the form body arrives intact", async () => {
    const form = { MessageSid: "SM1", MessageStatus: "delivered" };
    const signature = getExpectedTwilioSignature("dev-auth-token", `${PUBLIC_BASE_URL}/webhooks/twilio/status`, form);
    const response = await gateway.browser().request("POST", "/webhooks/twilio/status", new URLSearchParams(form).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature,
    });
    expect(response.status).toBe(200);
    expect((await json(response)).body).toEqual(form);
  });

  it("given a service without an upstream, when its route is called, then 503 in the error format", async () => {
    const user = gateway.services.add(`analytics-${Date.now()}@example.com`);
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("GET", "/api/analytics/stats");
    expect(response.status).toBe(503);
    expect((await json(response)).code).toBe("UNAVAILABLE");
  });

  it("given the gateway's own call (login), when made over HTTP, then the service gets the signed gateway header and the request id", async () => {
    const user = gateway.services.add(`trace-remote-${Date.now()}@example.com`);
    const response = await gateway.browser().request("POST", "/api/login", { email: user.email, password: "secret-pass" }, { "x-request-id": "trace-login-2" });
    expect(response.status).toBe(200);
    expect(gateway.services.internalCalls.at(-1)).toMatchObject({ path: "/internal/identity/login", requestId: "trace-login-2", caller: "service:gateway" });
  });

  it("given a sign-up, when made over HTTP, then billing gets it signed as the gateway with the request id, and its refusals reach the client", async () => {
    const email = `signup-remote-${Date.now()}@example.com`;
    const browser = gateway.browser();
    const created = await browser.request("POST", "/api/register", signUpBody(email), { "x-request-id": "trace-signup-2" });
    expect(created.status).toBe(201);
    expect(browser.cookie).toBeDefined();
    expect(gateway.services.internalCalls.at(-1)).toMatchObject({ path: "/internal/billing/signups", requestId: "trace-signup-2", caller: "service:gateway" });
    const taken = await gateway.browser().request("POST", "/api/register", signUpBody(email));
    expect(taken.status).toBe(409);
    expect(await json(taken)).toEqual({ message: "An account with this email already exists", code: "CONFLICT" });
  });

  it("given distributed mode, when /internal is called from outside, then 404 (never proxied)", async () => {
    expect((await gateway.browser().request("POST", "/internal/identity/login", {})).status).toBe(404);
  });
});
