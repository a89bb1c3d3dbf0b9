import { GATEWAY_PRINCIPAL, INTERNAL_USER_HEADER, signInternalUser } from "@rebound/platform";
import { DEFAULT_PROXY_TIMEOUT_MS, matchRoute } from "../src/routing/route-table";
import { json, startGateway, type GatewayHarness } from "./gateway-harness";

let gateway: GatewayHarness;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.stop();
});

/** Every signed-in call of docs/product.md section 7, whether or not its service exists yet. */
const PROTECTED: [string, string][] = [
  ["GET", "/api/auth/user"],
  ["PUT", "/api/auth/change-password"],
  ["POST", "/api/auth/resend-verification"],
  ["PATCH", "/api/user/mark-tutorial-seen"],
  ["PATCH", "/api/user/profile"],
  ["GET", "/api/business"],
  ["POST", "/api/business"],
  ["POST", "/api/test/call-forwarding"],
  ["GET", "/api/analytics/stats"],
  ["GET", "/api/messaging/consent-log.csv"],
  ["GET", "/api/billing"],
  ["POST", "/api/billing/change-plan"],
  ["POST", "/api/billing/cancel"],
  ["POST", "/api/billing/reactivate"],
  ["GET", "/api/billing/invoice/in_123/download"],
  ["POST", "/api/create-subscription"],
  ["GET", "/api/phone-numbers/search/415"],
  ["POST", "/api/phone-numbers/purchase"],
  ["GET", "/api/texting-registration"],
  ["POST", "/api/texting-registration"],
  ["POST", "/api/texting-registration/verify"],
];

describe("the route table", () => {
  it.each([
    ["/api/auth/user", "identity"],
    ["/api/user/mark-tutorial-seen", "identity"],
    ["/api/business", "business"],
    ["/api/phone-numbers/search/415", "telephony"],
    ["/api/test/call-forwarding", "telephony"],
    ["/api/texting-registration", "telephony"],
    ["/api/texting-registration/verify", "telephony"],
    ["/api/billing/cancel", "billing"],
    ["/api/create-payment-intent", "billing"],
    ["/api/create-subscription", "billing"],
    ["/api/analytics/stats", "analytics"],
    ["/api/messaging/consent-log.csv", "messaging"],
    ["/webhooks/twilio/voice", "telephony"],
    ["/webhooks/twilio/call-status", "telephony"],
    ["/webhooks/twilio/sms", "messaging"],
    ["/webhooks/twilio/status", "messaging"],
    ["/webhooks/stripe", "billing"],
    ["/dev/simulator/inbox", "telephony"],
    ["/dev/mailbox", "identity"],
  ])("given %s, when matched, then it belongs to %s", (path, service) => {
    expect(matchRoute(path)?.service).toBe(service);
  });

  it("given the call-status webhook, when matched, then it is a public, signed Twilio webhook", () => {
    expect(matchRoute("/webhooks/twilio/call-status")).toMatchObject({ service: "telephony", public: true, twilio: true });
  });

  it("given the forwarding test, when matched, then its proxy timeout exceeds the longest test window (120 s) and ring (35 s default)", () => {
    const route = matchRoute("/api/test/call-forwarding");
    expect(route?.timeoutMs).toBeGreaterThan(120_000);
    expect(DEFAULT_PROXY_TIMEOUT_MS).toBeLessThan(route?.timeoutMs ?? 0);
  });

  it("given a path that only shares a prefix's letters, when matched, then it matches nothing", () => {
    expect(matchRoute("/api/businesses")).toBeUndefined();
  });
});

describe("the auth gate", () => {
  it.each(PROTECTED)("given no session, when %s %s, then 401 'Not authenticated' before any service sees it", async (method, path) => {
    const before = gateway.services.seen.length;
    const response = await gateway.browser().request(method, path, method === "GET" ? undefined : {});
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ message: "Not authenticated" });
    expect(gateway.services.seen.length).toBe(before);
  });

  it.each([
    ["POST", "/api/create-payment-intent", { amount: 49, plan: "professional", billing: "monthly" }],
    ["POST", "/api/auth/verify-email", { token: "t" }],
    ["POST", "/api/auth/forgot-password", { email: "a@example.com" }],
  ])("given no session, when the public %s %s is called, then it reaches the service without a user", async (method, path, body) => {
    const response = await gateway.browser().request(method, path, body);
    expect(response.status).toBe(200);
    const seen = await json(response);
    expect(seen).toMatchObject({ path, body });
    expect(seen.user).toBeUndefined();
  });

  it("given a session, when a service route is called, then the service gets the user in the signed header with the session id", async () => {
    const user = gateway.services.add(`gate-${Date.now()}@example.com`);
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("POST", "/api/business", { customMessage: "Hi" });
    const seen = await json(response);
    expect(seen).toMatchObject({ path: "/api/business", body: { customMessage: "Hi" }, user: { id: user.id, email: user.email } });
    expect((seen.user as { sessionId?: string }).sessionId).toEqual(expect.any(String));
  });

  it("given a session, when the consent log export is called, then it reaches messaging's path with the signed user", async () => {
    const user = gateway.services.add(`consent-${Date.now()}@example.com`);
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("GET", "/api/messaging/consent-log.csv");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ method: "GET", path: "/api/messaging/consent-log.csv", user: { id: user.id, email: user.email } });
  });

  it("given a forged x-rebound-user from the client, when calling, then the gateway drops it", async () => {
    const forged = "eyJpZCI6ImV2aWwifQ.c2lnbmF0dXJl";
    const denied = await gateway.browser().request("GET", "/api/business", undefined, { "x-rebound-user": forged });
    expect(denied.status).toBe(401);
    const open = await gateway.browser().request("POST", "/api/create-payment-intent", {}, { "x-rebound-user": forged });
    expect((await json(open)).user).toBeUndefined();
  });

  it("given an unknown /api path, when called with or without a session, then a JSON 404", async () => {
    const response = await gateway.browser().request("GET", "/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await json(response)).toMatchObject({ code: "NOT_FOUND" });
  });

  it("given a client, when it calls an internal API through the public port, then it does not exist", async () => {
    const response = await gateway.browser().request("POST", "/internal/identity/login", { email: "a@example.com", password: "secret-pass" });
    expect(response.status).toBe(404);
    // not even with the gateway's own signed header: its calls never come through the port
    const signed = signInternalUser(GATEWAY_PRINCIPAL, gateway.runtime.config.INTERNAL_AUTH_SECRET);
    const user = gateway.services.add(`internal-${Date.now()}@example.com`);
    const asGateway = await gateway
      .browser()
      .request("POST", "/internal/identity/login", { email: user.email, password: "secret-pass" }, { [INTERNAL_USER_HEADER]: signed });
    expect(asGateway.status).toBe(404);
  });

  it("given the gateway's own call (login), when made in process, then the service gets the signed gateway header and the request id", async () => {
    const user = gateway.services.add(`trace-${Date.now()}@example.com`);
    const response = await gateway.browser().request("POST", "/api/login", { email: user.email, password: "secret-pass" }, { "x-request-id": "trace-login-1" });
    expect(response.status).toBe(200);
    expect(gateway.services.internalCalls.at(-1)).toMatchObject({ path: "/internal/identity/login", requestId: "trace-login-1", caller: "service:gateway" });
  });
});
