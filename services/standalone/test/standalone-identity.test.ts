import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, createSilentLogger, type Database, type RunningServices } from "@rebound/platform";
import { standaloneConfigSchema } from "../src/config";
import { startStandalone } from "../src/start-standalone";
import { Browser, createTestDatabase, json } from "@rebound/testing";

/**
 * The gateway with the real identity service behind it, composed as `npm start`
 * composes them (the composition root is the one place that imports every service).
 */
let running: RunningServices | undefined;
let dataDir: string;
let database: Database | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "rebound-standalone-"));
  if (process.env.DATABASE_URL) database = await createTestDatabase();
  const config = standaloneConfigSchema.parse({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: "http://rebound.test",
    ...(database?.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const logger = process.env.TEST_LOGS ? createLogger({ name: "test", level: "debug" }) : createSilentLogger();
  running = await startStandalone({ config, logger });
}, 120_000);

afterAll(async () => {
  await running?.stop();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function baseUrl(): string {
  if (!running) throw new Error("standalone did not start");
  return running.url;
}

const browser = () => new Browser(baseUrl());

/** The newest link of a kind in the dev mailbox page, as a person would click it. */
async function linkFromMailbox(to: string, page: "verify-email" | "reset-password"): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const html = await (await fetch(`${baseUrl()}/dev/mailbox`)).text();
    const row = html.split("<tr>").find((candidate) => candidate.includes(to) && candidate.includes(`/${page}?token=`));
    const token = row && /token=([\w-]+)/.exec(row)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no ${page} link for ${to} in the dev mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const signUp = (email: string) => ({
  email,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Dana",
  lastName: "Reyes",
  subscriptionPlan: "professional",
  billingFrequency: "monthly",
});

describe("identity behind the gateway (standalone)", () => {
  it("given a visitor, when signing up and following the mailbox link, then the account is verified and the session sees it", async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const visitor = browser();
    const register = await visitor.request("POST", "/api/register", signUp(email));
    expect(register.status).toBe(201);
    const me = await json(await visitor.request("GET", "/api/auth/user"));
    expect(me).toMatchObject({ email, isEmailVerified: false, subscriptionPlan: "professional", subscriptionStatus: "trial" });
    expect(me).not.toHaveProperty("passwordHash");

    const duplicate = await browser().request("POST", "/api/register", signUp(email.toUpperCase()));
    expect(duplicate.status).toBe(409);

    const token = await linkFromMailbox(email, "verify-email");
    expect((await browser().request("POST", "/api/auth/verify-email", { token })).status).toBe(200);
    expect((await json(await visitor.request("GET", "/api/auth/user"))).isEmailVerified).toBe(true);
    const reused = await browser().request("POST", "/api/auth/verify-email", { token });
    expect(reused.status).toBe(400);
  });

  it("given an account, when signing in wrong then right, then 'Invalid email or password' then a session; logout ends it", async () => {
    const email = `login-${Date.now()}@example.com`;
    await browser().request("POST", "/api/register", signUp(email));
    const user = browser();
    const wrong = await user.login(email, "wrong-password");
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).message).toBe("Invalid email or password");
    expect((await user.login(email)).status).toBe(200);
    expect((await user.request("PATCH", "/api/user/mark-tutorial-seen")).status).toBe(200);
    expect((await json(await user.request("GET", "/api/auth/user"))).hasSeenTutorial).toBe(true);
    expect((await user.request("POST", "/api/logout")).status).toBe(200);
    expect((await user.request("GET", "/api/auth/user")).status).toBe(401);
  });

  it("given two sessions, when the password is changed, then the other session is signed out and only the new password works", async () => {
    const email = `change-${Date.now()}@example.com`;
    const laptop = browser();
    await laptop.request("POST", "/api/register", signUp(email));
    const phone = browser();
    await phone.login(email);
    const change = await laptop.request("PUT", "/api/auth/change-password", {
      currentPassword: "secret-pass",
      newPassword: "newer-pass-1",
      confirmPassword: "newer-pass-1",
    });
    expect(change.status).toBe(200);
    expect((await phone.request("GET", "/api/auth/user")).status).toBe(401);
    expect((await laptop.request("GET", "/api/auth/user")).status).toBe(200);
    expect((await browser().login(email, "secret-pass")).status).toBe(401);
    expect((await browser().login(email, "newer-pass-1")).status).toBe(200);
  });

  it("given an e-mail change, when requested, then sign-in keeps the old address until the link sent to the new one is followed (issue 16)", async () => {
    const email = `before-${Date.now()}@example.com`;
    const moved = `after-${Date.now()}@example.com`;
    const owner = browser();
    expect((await owner.request("POST", "/api/register", signUp(email))).status).toBe(201);
    const change = await owner.request("PATCH", "/api/user/profile", { firstName: "Dana", lastName: "Reyes", email: moved, currentPassword: "secret-pass" });
    expect(change.status).toBe(200);
    expect(await json(change)).toMatchObject({ email, pendingEmail: moved });
    expect((await json(await owner.request("GET", "/api/auth/user"))).email).toBe(email);
    expect((await browser().login(moved)).status).toBe(401);
    expect((await browser().login(email)).status).toBe(200);

    const token = await linkFromMailbox(moved, "verify-email");
    expect((await browser().request("POST", "/api/auth/verify-email", { token })).status).toBe(200);
    expect(await json(await owner.request("GET", "/api/auth/user"))).toMatchObject({ email: moved, isEmailVerified: true, pendingEmail: null });
    expect((await browser().login(moved)).status).toBe(200);
    expect((await browser().login(email)).status).toBe(401);
  });

  it("given a forgotten password, when the reset link is used, then it works once and the old sessions end", async () => {
    const email = `reset-${Date.now()}@example.com`;
    const old = browser();
    await old.request("POST", "/api/register", signUp(email));
    const forgot = await browser().request("POST", "/api/auth/forgot-password", { email });
    const unknown = await browser().request("POST", "/api/auth/forgot-password", { email: `nobody-${Date.now()}@example.com` });
    expect(await json(forgot)).toEqual(await json(unknown));

    const token = await linkFromMailbox(email, "reset-password");
    const reset = await browser().request("POST", "/api/auth/reset-password", { token, password: "reset-pass-1", confirmPassword: "reset-pass-1" });
    expect(reset.status).toBe(200);
    expect((await old.request("GET", "/api/auth/user")).status).toBe(401);
    const again = await browser().request("POST", "/api/auth/reset-password", { token, password: "reset-pass-2", confirmPassword: "reset-pass-2" });
    expect(again.status).toBe(400);
    expect((await browser().login(email, "reset-pass-1")).status).toBe(200);
  });

  it("given a sign-up with a card, when the current user is read, then the plan fields are billing's: at register, right after, and as billing's changes arrive", async () => {
    const email = `paid-${Date.now()}@example.com`;
    const owner = browser();
    const register = await owner.request("POST", "/api/register", {
      ...signUp(email),
      subscriptionPlan: "professional",
      billingFrequency: "monthly",
      paymentMethodId: "pm_card_visa",
    });
    expect(register.status).toBe(201);
    const registered = await json(register);
    const planFields = { subscriptionPlan: "professional", subscriptionStatus: "trial", billingFrequency: "monthly" };
    expect(registered).toMatchObject({ email, ...planFields, trialEndsAt: expect.any(String) });
    expect(Object.keys(registered)).toEqual(USER_PAYLOAD_KEYS);
    // The first read after sign-up answers at once, from the projection's seed or billing's state.
    const me = await json(await owner.request("GET", "/api/auth/user"));
    expect(me).toMatchObject({ email, ...planFields });
    expect(Object.keys(me)).toEqual(USER_PAYLOAD_KEYS);

    // Billing's subscription (trialing, its own trial end) reaches the user payload through SubscriptionChanged.
    const subscription = (await json<{ subscription: { status: string; trial_end: number } }>(await owner.request("GET", "/api/billing"))).subscription;
    expect(subscription.status).toBe("trialing");
    const followed = await until(owner, (user) => Math.floor(Date.parse(String(user.trialEndsAt)) / 1000) === subscription.trial_end);
    expect(followed).toMatchObject(planFields);
    expect(await json(await browser().login(email))).toMatchObject({ ...planFields, trialEndsAt: followed.trialEndsAt });

    // A plan change is billing's: the user payload follows it.
    expect((await owner.request("POST", "/api/billing/change-plan", { planName: "enterprise", billingFrequency: "yearly" })).status).toBe(200);
    expect(await until(owner, (user) => user.subscriptionPlan === "enterprise")).toMatchObject({
      subscriptionPlan: "enterprise",
      billingFrequency: "yearly",
      subscriptionStatus: "trial",
    });
  });
});

/** The user payload's fields, in the order the web app has always received them (docs/product.md section 3). */
const USER_PAYLOAD_KEYS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "role",
  "isEmailVerified",
  "pendingEmail",
  "subscriptionPlan",
  "subscriptionStatus",
  "billingFrequency",
  "trialEndsAt",
  "hasSeenTutorial",
  "createdAt",
];

/** The current user once `check` holds (billing's events reach identity's projection through the bus). */
async function until(owner: Browser, check: (user: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const user = await json(await owner.request("GET", "/api/auth/user"));
    if (check(user)) return user;
    if (Date.now() > deadline) throw new Error(`the current user did not follow billing: ${JSON.stringify(user)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
