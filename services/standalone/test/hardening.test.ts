import twilio from "twilio";
import { Browser, json, rawExchange } from "@rebound/testing";
import { DEV_AUTH_TOKEN, OwnerClient, postVoiceWebhook, simulatorMessages, startTestStandalone, waitUntil } from "./standalone-harness";

// Issue 16's reproductions against `npm start` as composed (gateway + every service, simulator):
// each of these answered a 5xx or a 404 before.
jest.setTimeout(180_000);

const signUp = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Dana",
  lastName: "Reyes",
  subscriptionPlan: "professional",
  billingFrequency: "monthly",
  ...overrides,
});

const NESTED = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);

/** Short, so the slow-client probe waits seconds, not node's default 300 s (the defaults are 10 s and 30 s). */
const TIMEOUTS = { HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "3000" };

describe("hardening (issue 16) through the gateway", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let owner: OwnerClient;
  let dedicatedNumber: string;

  beforeAll(async () => {
    app = await startTestStandalone(TIMEOUTS);
    owner = new OwnerClient(app.url);
    await owner.signUp("hardening-owner@example.com");
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]?.phoneNumber as string;
    expect((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status).toBe(201);
    await owner.registerUsTexting(); // carriers block texts to US callers from unregistered numbers
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("defect 1: a NUL in a sign-up name is a 400 naming the field (was 502), and no account is made", async () => {
    const email = `nul-${Date.now()}@example.com`;
    const res = await new Browser(app.url).request("POST", "/api/register", signUp(email, { firstName: "Da\u0000na" }));
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ message: "firstName must not contain control characters or invalid Unicode", code: "VALIDATION_FAILED" });
    expect((await new Browser(app.url).login(email)).status).toBe(401);
  });

  it("defect 1: NUL or a lone surrogate in profile and business text is a 400 (was 500)", async () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ["PATCH", "/api/user/profile", { firstName: "A\u0000" }],
      ["PATCH", "/api/user/profile", { lastName: "\ud800" }],
      ["PATCH", "/api/business/profile", { businessName: "Joe\u0000s", businessPhone: "2125550123" }],
      ["POST", "/api/business", { customMessage: "Hi\u0000" }],
      ["POST", "/api/business", { afterHoursMessage: "\u0007" }],
      ["POST", "/api/business", { smsAutoReplyMessage: "x\u0000" }],
    ];
    for (const [method, path, body] of cases) {
      const res = await owner.call<{ message: string }>(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 400]);
      expect(res.body.message).toMatch(/must not contain control characters or invalid Unicode$/);
    }
  });

  it("defect 1: a signed voice webhook with a NUL in From answers TwiML and the caller is texted", async () => {
    const caller = "+15551239001";
    const params = {
      CallSid: "CAnul000000000000000000000000001",
      AccountSid: "ACsimulator",
      From: `+1555123\u00009001`,
      To: dedicatedNumber,
      CallStatus: "ringing",
      Direction: "inbound",
    };
    const res = await postVoiceWebhook(app.url, params);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/xml");
    expect(await res.text()).toContain("<Response");
    await waitUntil(async () => (await simulatorMessages(app.url, caller)).length > 0, "the SMS to the caller");
  });

  it("defect 1: a signed inbound SMS with a NUL in Body answers TwiML", async () => {
    const url = `${app.url}/webhooks/twilio/sms`;
    const params = {
      MessageSid: "SMnul000000000000000000000000001",
      AccountSid: "ACsimulator",
      From: "+15551239002",
      To: dedicatedNumber,
      Body: "hello\u0000there",
    };
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": twilio.getExpectedTwilioSignature(DEV_AUTH_TOKEN, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/xml");
    expect(await res.text()).toContain("<Response");
  });

  it("defect 2: JSON nested 10,000 levels deep is a 400 on every route the probe found (was 503)", async () => {
    for (const [method, path] of [
      ["POST", "/api/register"],
      ["POST", "/api/auth/reset-password"],
      ["PUT", "/api/auth/change-password"],
      ["POST", "/api/business"],
    ] as const) {
      const res = await fetch(`${app.url}${path}`, { method, headers: { "content-type": "application/json" }, body: NESTED });
      expect([path, res.status]).toEqual([path, 400]);
      expect(await res.json()).toEqual({ message: "Request body is nested too deeply", code: "BAD_REQUEST" });
    }
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("probe: guessing the current password through an e-mail change is throttled like change-password: 10 wrong guesses, then 429, the right password too (was 200 after 25 guesses)", async () => {
    const email = `guess-email-${Date.now()}@example.com`;
    const from = { "x-forwarded-for": "198.51.100.40" };
    const thief = new Browser(app.url);
    expect((await thief.request("POST", "/api/register", signUp(email), from)).status).toBe(201);
    const change = (currentPassword: string) =>
      thief.request("PATCH", "/api/user/profile", { firstName: "Dana", lastName: "Reyes", email: `taken-${email}`, currentPassword }, from);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) statuses.push((await change(`guess-${attempt}`)).status);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), ...Array.from({ length: 15 }, () => 429)]);
    const right = await change("secret-pass");
    expect(right.status).toBe(429);
    expect(await json(right)).toMatchObject({ message: "Too many attempts. Please try again later." });
    // and change-password shares the count
    const changePassword = await thief.request(
      "PUT",
      "/api/auth/change-password",
      { currentPassword: "secret-pass", newPassword: "taken-over-1", confirmPassword: "taken-over-1" },
      from,
    );
    expect(changePassword.status).toBe(429);
  });

  it("probe: 25 failed logins from rotating addresses do not lock the owner out: the right password from a fresh address signs in after at most the 5 s back-off (was 429 for 15 minutes)", async () => {
    const email = `rotating-${Date.now()}@example.com`;
    expect((await new Browser(app.url).request("POST", "/api/register", signUp(email), { "x-forwarded-for": "198.51.100.50" })).status).toBe(201);
    for (let attempt = 0; attempt < 25; attempt++) {
      const res = await new Browser(app.url).request(
        "POST",
        "/api/login",
        { email, password: `wrong-${attempt}` },
        { "x-forwarded-for": `203.0.113.${attempt + 100}` },
      );
      expect([401, 429]).toContain(res.status);
    }
    const owner = new Browser(app.url);
    const fresh = { "x-forwarded-for": "192.0.2.7" };
    let res = await owner.request("POST", "/api/login", { email, password: "secret-pass" }, fresh);
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeLessThanOrEqual(5);
      await new Promise((resolve) => setTimeout(resolve, (retryAfter + 0.2) * 1000));
      res = await owner.request("POST", "/api/login", { email, password: "secret-pass" }, fresh);
    }
    expect(res.status).toBe(200);
    expect((await owner.request("GET", "/api/auth/user", undefined, fresh)).status).toBe(200);
  });

  it("probe: a request that declares a longer body than it sends is answered 408 and closed within HTTP_REQUEST_TIMEOUT_MS (was held for node's 300 s)", async () => {
    const { port } = new URL(app.url);
    const request = 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":';
    const { answer, closedAfterMs } = await rawExchange(Number(port), request, 20_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(Number(TIMEOUTS.HTTP_REQUEST_TIMEOUT_MS) + 2_000);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("defect 3: 50 sign-ups at once, each followed at once by GET /api/business, all get their business", async () => {
    const stamp = Date.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const visitor = new Browser(app.url);
        const email = `burst-${stamp}-${index}@example.com`;
        // 50 visitors behind the one proxy the test client is (sign-up is limited per IP)
        const from = { "x-forwarded-for": `203.0.113.${index + 1}` };
        const register = await visitor.request("POST", "/api/register", signUp(email), from);
        const business = await visitor.request("GET", "/api/business", undefined, from);
        const body = await json<{ ownerEmail?: string; userId?: string }>(business);
        return { register: register.status, business: business.status, emailMatches: body.ownerEmail === email };
      }),
    );
    expect(results.map((result) => result.register)).toEqual(results.map(() => 201));
    expect(results.map((result) => result.business)).toEqual(results.map(() => 200));
    expect(results.every((result) => result.emailMatches)).toBe(true);
  });
});
