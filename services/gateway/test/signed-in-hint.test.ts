import { SIGNED_IN_HINT_COOKIE } from "../src/session/signed-in-hint";
import { signUpBody, startGateway, type GatewayHarness } from "./gateway-harness";

let gateway: GatewayHarness;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.stop();
});

const email = () => `user-${Math.random().toString(36).slice(2)}@example.com`;
const hintOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
const cleared = (setCookie: string | undefined) => Boolean(setCookie && /Expires=Thu, 01 Jan 1970/i.test(setCookie));

describe("the signed-in hint cookie", () => {
  it("given an account, when signing in, then a readable (not httpOnly) hint is set beside the httpOnly session cookie, expiring with it", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    const login = await browser.login(user.email);
    const hint = hintOf(login);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(browser.lastSetCookie).toMatch(/HttpOnly/i);
    // The session cookie comes first: clients that keep only the first Set-Cookie still get the session.
    expect(login.headers.getSetCookie()[0]).toMatch(/^rebound\.sid=/);
    const expiresOf = (cookie: string | undefined) => new Date(/Expires=([^;]+)/i.exec(cookie ?? "")?.[1] ?? 0).getTime();
    expect(Math.abs(expiresOf(hint) - expiresOf(browser.lastSetCookie))).toBeLessThan(2_000);
  });

  it("given a new account, when registering, then the hint is set after the session cookie", async () => {
    const response = await gateway.browser().request("POST", "/api/register", signUpBody(email()));
    expect(response.status).toBe(201);
    expect(hintOf(response)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(response.headers.getSetCookie()[0]).toMatch(/^rebound\.sid=/);
  });

  it("given a session and its hint, when signing in again, then both cookies are sent anew", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const again = await browser.request(
      "POST",
      "/api/login",
      { email: user.email, password: "secret-pass" },
      { cookie: `${browser.cookie}; ${SIGNED_IN_HINT_COOKIE}=1` },
    );
    expect(again.status).toBe(200);
    expect(hintOf(again)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
  });

  it("given a wrong password, when signing in, then no hint", async () => {
    const user = gateway.services.add(email());
    const response = await gateway.browser().login(user.email, "wrong-password");
    expect(response.status).toBe(401);
    expect(hintOf(response)).toBeUndefined();
  });

  it("given a session, when signing out, then the hint is cleared", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("POST", "/api/logout", undefined, { cookie: `${browser.cookie}; ${SIGNED_IN_HINT_COOKIE}=1` });
    expect(response.status).toBe(200);
    expect(cleared(hintOf(response))).toBe(true);
  });

  it("given a hint but no session (expired or ended elsewhere), when asking who is signed in, then 401 and the hint is cleared", async () => {
    const response = await gateway.browser().request("GET", "/api/auth/user", undefined, { cookie: `${SIGNED_IN_HINT_COOKIE}=1` });
    expect(response.status).toBe(401);
    expect(cleared(hintOf(response))).toBe(true);
  });

  it("given a session without the hint (a client that keeps only the session cookie), when calling the API, then no cookie is set", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("GET", "/api/auth/user");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("given a session and its hint, when calling the API, then the hint is left alone", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("GET", "/api/auth/user", undefined, { cookie: `${browser.cookie}; ${SIGNED_IN_HINT_COOKIE}=1` });
    expect(response.status).toBe(200);
    expect(hintOf(response)).toBeUndefined();
  });

  it("given a visitor with neither, when calling the API, then no cookie is set", async () => {
    const response = await gateway.browser().request("GET", "/api/auth/user");
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
