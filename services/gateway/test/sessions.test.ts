import { pruneSessionsJob } from "../src/jobs/prune-sessions.job";
import { createGatewayDb } from "../src/store/gateway-db";
import { SessionRepository } from "../src/store/session.repository";
import { json, signUpBody, startGateway, type GatewayHarness } from "./gateway-harness";

let gateway: GatewayHarness;
let sessions: SessionRepository;
beforeAll(async () => {
  gateway = await startGateway();
  sessions = new SessionRepository(createGatewayDb(gateway.runtime));
});
afterAll(async () => {
  await gateway.stop();
});

const email = () => `user-${Math.random().toString(36).slice(2)}@example.com`;

describe("POST /api/login", () => {
  it("given an account, when signing in, then an httpOnly SameSite=Lax session cookie is set and GET /api/auth/user reaches identity as that user", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    const login = await browser.login(user.email.toUpperCase());
    expect(login.status).toBe(200);
    expect(await json(login)).toMatchObject({ id: user.id, email: user.email });
    expect(browser.lastSetCookie).toMatch(/HttpOnly/i);
    expect(browser.lastSetCookie).toMatch(/SameSite=Lax/i);
    expect(browser.lastSetCookie).toMatch(/Path=\//);
    expect(browser.lastSetCookie).not.toMatch(/Secure/i);

    const current = await browser.request("GET", "/api/auth/user");
    expect(current.status).toBe(200);
    expect((await json(current)).user).toMatchObject({ id: user.id, email: user.email });
  });

  it("given the path in capitals or with a trailing slash, when signing in, then the gateway's endpoint still answers (as express matches)", async () => {
    const user = gateway.services.add(email());
    for (const path of ["/api/LOGIN", "/api/login/"]) {
      const response = await gateway.browser().request("POST", path, { email: user.email, password: "secret-pass" });
      expect([path, response.status]).toEqual([path, 200]);
    }
  });

  it("given a wrong password, when signing in, then 401 'Invalid email or password' and no cookie", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    const response = await browser.login(user.email, "wrong-password");
    expect(response.status).toBe(401);
    expect((await json(response)).message).toBe("Invalid email or password");
    expect(browser.cookie).toBeUndefined();
  });

  it.each([
    [{ email: "nope", password: "secret-pass" }, "Valid email is required"],
    [{ email: "a@example.com", password: "12345" }, "Password must be at least 6 characters"],
  ])("given %j, when signing in, then 400 '%s'", async (body, message) => {
    const response = await gateway.browser().request("POST", "/api/login", body);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
  });

  it("given a session, when signing in again, then the session id is new and the old one no longer works", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const before = browser.cookie;
    await browser.login(user.email);
    expect(browser.cookie).toBeDefined();
    expect(browser.cookie).not.toBe(before);
    const old = gateway.browser();
    old.cookie = before;
    expect((await old.request("GET", "/api/auth/user")).status).toBe(401);
  });

  it("given a session, when the sessions table is read, then the row holds the user in its JSON and an expiry", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const sid =
      decodeURIComponent(String(browser.cookie).split("=")[1] ?? "")
        .slice(2)
        .split(".")[0] ?? "";
    const row = await sessions.find(sid);
    expect(row?.sess).toMatchObject({ userId: user.id, email: user.email });
    expect(row?.expire.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("POST /api/register", () => {
  it("given a new account, when registering, then billing's sign-up creates it (asked once, as the gateway) and it is signed in", async () => {
    const browser = gateway.browser();
    const address = email();
    const response = await browser.request("POST", "/api/register", signUpBody(address, { paymentMethodId: "pm_card_visa" }), {
      "x-request-id": "trace-signup-1",
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ email: address, subscriptionPlan: "professional", subscriptionStatus: "trial" });
    expect(browser.cookie).toBeDefined();
    expect((await browser.request("GET", "/api/auth/user")).status).toBe(200);
    const calls = gateway.services.internalCalls.filter((call) => (call.body as { email?: string } | undefined)?.email === address);
    expect(calls).toEqual([
      {
        path: "/internal/billing/signups",
        caller: "service:gateway",
        requestId: "trace-signup-1",
        body: { ...signUpBody(address), subscriptionPlan: "professional", billingFrequency: "monthly", paymentMethodId: "pm_card_visa" },
      },
    ]);
  });

  it("given an invalid body, when registering, then the shared schema's 400 and message, and no service is asked", async () => {
    const before = gateway.services.internalCalls.length;
    const response = await gateway.browser().request("POST", "/api/register", { password: "secret-pass" });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Valid email is required");
    const mismatch = await gateway.browser().request("POST", "/api/register", signUpBody(email(), { confirmPassword: "other-pass" }));
    expect(await json(mismatch)).toMatchObject({ message: "Passwords don't match", code: "VALIDATION_FAILED" });
    expect(gateway.services.internalCalls.length).toBe(before);
  });

  it("given billing's refusals, when registering, then the client gets them as billing and identity answered, and no session", async () => {
    const declined = gateway.browser();
    const refused = await declined.request("POST", "/api/register", signUpBody(email(), { paymentMethodId: "pm_card_chargeDeclined" }));
    expect(refused.status).toBe(402);
    expect(await json(refused)).toEqual({ message: "Your card was declined.", code: "PAYMENT_DECLINED" });
    expect(declined.cookie).toBeUndefined();

    const user = gateway.services.add(email());
    const taken = await gateway.browser().request("POST", "/api/register", signUpBody(user.email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(await json(taken)).toEqual({ message: "An account with this email already exists", code: "CONFLICT" });
  });
});

describe("POST /api/logout", () => {
  it("given a session, when signing out, then the session is gone", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const session = browser.cookie;
    const response = await browser.request("POST", "/api/logout");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: "Logged out successfully" });
    const replay = gateway.browser();
    replay.cookie = session;
    expect((await replay.request("GET", "/api/auth/user")).status).toBe(401);
  });

  it("given no session, when signing out, then it still succeeds", async () => {
    expect((await gateway.browser().request("POST", "/api/logout")).status).toBe(200);
  });
});

describe("password changes end sessions", () => {
  it("given two sessions, when the password is changed in one, then the other is signed out and this one stays", async () => {
    const user = gateway.services.add(email());
    const laptop = gateway.browser();
    const phone = gateway.browser();
    await laptop.login(user.email);
    await phone.login(user.email);
    const change = await laptop.request("PUT", "/api/auth/change-password", {
      currentPassword: "secret-pass",
      newPassword: "new-password",
      confirmPassword: "new-password",
    });
    expect(change.status).toBe(200);
    expect((await laptop.request("GET", "/api/auth/user")).status).toBe(200);
    expect((await phone.request("GET", "/api/auth/user")).status).toBe(401);
  });

  it("given a wrong current password, when changing, then identity's message and no session ends", async () => {
    const user = gateway.services.add(email());
    const laptop = gateway.browser();
    const phone = gateway.browser();
    await laptop.login(user.email);
    await phone.login(user.email);
    const change = await laptop.request("PUT", "/api/auth/change-password", {
      currentPassword: "nope-nope",
      newPassword: "new-password",
      confirmPassword: "new-password",
    });
    expect(change.status).toBe(400);
    expect((await json(change)).message).toBe("Current password is incorrect");
    expect((await phone.request("GET", "/api/auth/user")).status).toBe(200);
  });

  it("given sessions, when the password is reset by link, then every session of the user ends", async () => {
    const user = gateway.services.add(email());
    const laptop = gateway.browser();
    await laptop.login(user.email);
    gateway.services.resetUserId = user.id;
    const reset = await gateway
      .browser()
      .request("POST", "/api/auth/reset-password", { token: "t", password: "new-password", confirmPassword: "new-password" });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toEqual({ message: "Your password has been reset. You can now sign in." });
    expect((await laptop.request("GET", "/api/auth/user")).status).toBe(401);
  });
});

describe("e-mail changes", () => {
  it("given a session, when identity reports a new e-mail (UserProfileChanged), then services see the new e-mail in the signed header", async () => {
    const { encodeEvent, envelopeHeaders, TOPICS } = await import("@rebound/contracts");
    const { randomUUID } = await import("node:crypto");
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const moved = email();
    await gateway.runtime.bus.publish([
      {
        topic: TOPICS.identity,
        key: user.id,
        value: encodeEvent("UserProfileChanged", { userId: user.id, email: moved, firstName: "Dana", lastName: "Reyes" }),
        headers: envelopeHeaders({ id: randomUUID(), type: "UserProfileChanged", key: user.id, occurredAt: new Date() }),
      },
    ]);
    const deadline = Date.now() + 5_000;
    let seen = await json(await browser.request("GET", "/api/business"));
    while ((seen.user as { email?: string }).email !== moved && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await json(await browser.request("GET", "/api/business"));
    }
    expect(seen.user).toMatchObject({ id: user.id, email: moved });
  });
});

describe("expired sessions", () => {
  it("given a session past its expiry, when used, then it is signed out, and the prune job deletes the row", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const sid =
      decodeURIComponent(String(browser.cookie).split("=")[1] ?? "")
        .slice(2)
        .split(".")[0] ?? "";
    gateway.clock.advance(8 * 24 * 60 * 60_000);
    expect((await browser.request("GET", "/api/auth/user")).status).toBe(401);
    await pruneSessionsJob(sessions, gateway.clock, gateway.runtime.logger).run();
    expect(await sessions.find(sid)).toBeNull();
  });
});
