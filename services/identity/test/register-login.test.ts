import { billingV1, commonV1 } from "@rebound/contracts";
import { GATEWAY_PRINCIPAL, INTERNAL_USER_HEADER, signInternalUser } from "@rebound/platform";
import { json, signUp, startIdentity, type IdentityHarness } from "./identity-harness";

/** The user payload's fields, in the order the web app and the spec have always received them (docs/product.md section 3). */
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
/** Billing's data identity no longer stores on the account. */
const BILLING_COLUMNS = ["subscription_plan", "subscription_status", "billing_frequency", "trial_ends_at", "stripe_customer_id", "stripe_subscription_id"];

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

describe("register", () => {
  it.each([
    [{ email: "not-an-email" }, "Valid email is required"],
    [{ password: "12345", confirmPassword: "12345" }, "Password must be at least 6 characters"],
    [{ firstName: "" }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ confirmPassword: "" }, "Please confirm your password"],
    [{ confirmPassword: "different-pass" }, "Passwords don't match"],
    [{ subscriptionPlan: "gold" }, "Please choose a valid plan"],
  ])("given the sign-up %j, when registering, then it is refused with '%s'", async (overrides, message) => {
    const response = await identity.internal("/register", signUp(overrides));
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
  });

  it("given a valid sign-up, when registering, then the user is on a 14-day trial of the chosen plan and UserRegistered carries plan, frequency and payment method", async () => {
    const input = signUp({ subscriptionPlan: "custom", billingFrequency: "yearly", email: "Mixed.Case@Example.com" });
    const response = await identity.internal("/register", input);
    expect(response.status).toBe(201);
    const user = await json(response);
    expect(user).toMatchObject({
      email: "mixed.case@example.com",
      firstName: "Dana",
      lastName: "Reyes",
      role: "user",
      isEmailVerified: false,
      subscriptionPlan: "enterprise",
      subscriptionStatus: "trial",
      billingFrequency: "yearly",
      hasSeenTutorial: false,
    });
    expect(Object.keys(user)).toEqual(USER_PAYLOAD_KEYS);
    const trialDays = (Date.parse(String(user.trialEndsAt)) - identity.clock.now().getTime()) / 86_400_000;
    expect(trialDays).toBeCloseTo(14, 3);

    const events = await identity.recorder.waitFor("UserRegistered", 1);
    const event = events.find((candidate) => candidate.payload.userId === user.id);
    expect(event?.key).toBe(user.id);
    expect(event?.payload).toMatchObject({
      email: "mixed.case@example.com",
      plan: commonV1.Plan.ENTERPRISE,
      billingFrequency: commonV1.BillingFrequency.YEARLY,
      paymentMethodId: "pm_card_visa",
    });
  });

  it("given an existing account, when the same e-mail registers in another case, then it is a 409 with a clear message", async () => {
    const input = signUp();
    expect((await identity.internal("/register", input)).status).toBe(201);
    const again = await identity.internal("/register", { ...input, email: String(input.email).toUpperCase() });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("An account with this email already exists");
  });

  it("given a registration, when the users table is read, then the password is an argon2id hash and no raw token is stored", async () => {
    const input = signUp();
    const user = await json(await identity.internal("/register", input));
    const mail = await identity.mailTo(String(input.email));
    const rawToken = /token=([\w-]+)/.exec(mail.text)?.[1];
    const rows = await identity.db.client.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM identity.users WHERE id = '${String(user.id)}'`);
    const row = rows[0] ?? {};
    expect(String(row.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(String(input.password));
    expect(rawToken).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(rawToken);
    expect(String(row.email_verification_token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("given a registration, when identity's tables are read, then the account holds no billing data and the plan chosen is the projection's seed", async () => {
    const user = await json(await identity.internal("/register", signUp({ subscriptionPlan: "starter", billingFrequency: "yearly" })));
    const [row] = await identity.db.client.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM identity.users WHERE id = '${String(user.id)}'`);
    for (const column of BILLING_COLUMNS) expect(row).not.toHaveProperty(column);
    const projection = await identity.db.client.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT plan, billing_frequency, status, trial_ends_at FROM identity.subscription_projection WHERE user_id = '${String(user.id)}'`,
    );
    expect(projection).toEqual([{ plan: "starter", billing_frequency: "yearly", status: "trial", trial_ends_at: new Date(String(user.trialEndsAt)) }]);
  });

  it("given the gateway's header, when registering, then it does not exist (404): only billing's sign-up saga creates accounts", async () => {
    const response = await fetch(`${identity.running.url}/internal/identity/register`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [INTERNAL_USER_HEADER]: signInternalUser(GATEWAY_PRINCIPAL, identity.runtime.config.INTERNAL_AUTH_SECRET),
      },
      body: JSON.stringify(signUp()),
    });
    expect(response.status).toBe(404);
  });
});

describe("login", () => {
  it("given an account, when the right password is sent, then the user is returned", async () => {
    const input = signUp();
    await identity.internal("/register", input);
    const response = await identity.internal("/login", { email: String(input.email).toUpperCase(), password: input.password });
    expect(response.status).toBe(200);
    expect((await json(response)).email).toBe(String(input.email).toLowerCase());
  });

  it("given an account, when a wrong password or an unknown e-mail is sent, then both get 401 'Invalid email or password'", async () => {
    const input = signUp();
    await identity.internal("/register", input);
    const wrong = await identity.internal("/login", { email: input.email, password: "wrong-password" });
    const unknown = await identity.internal("/login", { email: "nobody@example.com", password: "wrong-password" });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect((await json(wrong)).message).toBe("Invalid email or password");
    expect((await json(unknown)).message).toBe("Invalid email or password");
  });

  it.each([
    [{ email: "nope", password: "secret-pass" }, "Valid email is required"],
    [{ email: "a@example.com", password: "12345" }, "Password must be at least 6 characters"],
  ])("given %j, when logging in, then it is refused with '%s'", async (body, message) => {
    const response = await identity.internal("/login", body);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
  });

  it("given no gateway signature, when the internal API is called, then it does not exist (404)", async () => {
    const response = await fetch(`${identity.running.url}/internal/identity/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "secret-pass" }),
    });
    expect(response.status).toBe(404);
  });

  it("given a signed-in user's header instead of the gateway's, when the internal API is called, then it is a 404", async () => {
    const response = await identity.api(
      "POST",
      "/internal/identity/login",
      { email: "a@example.com", password: "x" },
      { id: "someone", email: "a@example.com" },
    );
    expect(response.status).toBe(404);
  });
});

describe("current user", () => {
  it("given no signed user header, when GET /api/auth/user, then 401", async () => {
    const response = await identity.api("GET", "/api/auth/user");
    expect(response.status).toBe(401);
    expect((await json(response)).message).toBe("Not authenticated");
  });

  it("given billing's SubscriptionChanged, when it is consumed, then the projection follows it and the user payload (current user, login) carries it", async () => {
    const input = signUp();
    const user = await json(await identity.internal("/register", input));
    const { encodeEvent, envelopeHeaders, timestampFromDate, TOPICS } = await import("@rebound/contracts");
    const { randomUUID } = await import("node:crypto");
    const trialEnd = new Date("2030-01-01T00:00:00Z");
    const payload = {
      userId: String(user.id),
      plan: commonV1.Plan.STARTER,
      billingFrequency: commonV1.BillingFrequency.YEARLY,
      status: billingV1.SubscriptionStatus.ACTIVE,
      trialEndsAt: timestampFromDate(trialEnd),
      providerCustomerId: "cus_123",
      providerSubscriptionId: "sub_123",
    };
    await identity.runtime.bus.publish([
      {
        topic: TOPICS.billing,
        key: String(user.id),
        value: encodeEvent("SubscriptionChanged", payload),
        headers: envelopeHeaders({ id: randomUUID(), type: "SubscriptionChanged", key: String(user.id), occurredAt: new Date() }),
      },
    ]);
    const signedIn = { id: String(user.id), email: String(user.email) };
    const deadline = Date.now() + 5_000;
    let view = await json(await identity.api("GET", "/api/auth/user", undefined, signedIn));
    while (view.subscriptionStatus !== "active" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      view = await json(await identity.api("GET", "/api/auth/user", undefined, signedIn));
    }
    expect(view).toMatchObject({ subscriptionPlan: "starter", billingFrequency: "yearly", subscriptionStatus: "active", trialEndsAt: trialEnd.toISOString() });
    expect(Object.keys(view)).toEqual(USER_PAYLOAD_KEYS);
    const login = await json(await identity.internal("/login", { email: input.email, password: input.password }));
    expect(login).toMatchObject({ subscriptionPlan: "starter", billingFrequency: "yearly", subscriptionStatus: "active", trialEndsAt: trialEnd.toISOString() });

    // A later change without a trial end (the subscription canceled) keeps the one known.
    const { trialEndsAt: _known, ...canceled } = { ...payload, status: billingV1.SubscriptionStatus.CANCELED };
    await identity.runtime.bus.publish([
      {
        topic: TOPICS.billing,
        key: String(user.id),
        value: encodeEvent("SubscriptionChanged", canceled),
        headers: envelopeHeaders({ id: randomUUID(), type: "SubscriptionChanged", key: String(user.id), occurredAt: new Date() }),
      },
    ]);
    while (view.subscriptionStatus !== "canceled" && Date.now() < deadline + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      view = await json(await identity.api("GET", "/api/auth/user", undefined, signedIn));
    }
    expect(view).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "canceled", trialEndsAt: trialEnd.toISOString() });
  });
});
