import { billingV1 } from "@rebound/contracts";
import { billingResponseSchema, planPriceCents, TRIAL_FEE_CENTS } from "@rebound/contracts/domain";
import { AppError } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { BillingHarness } from "./support/billing-harness";
import type { BillingResponse } from "./support/billing-types";

jest.setTimeout(60_000);

const newUser = (name: string) => ({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 8)}@example.com` });

interface LedgerRow {
  id: string;
  data: { deleted?: boolean; status?: string; amountPaidCents?: number; refundedCents?: number };
}

describe("sign-up, billing's saga (local payment provider; identity's internal API faked behind it)", () => {
  const h = new BillingHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const billing = async (user: { id: string; email: string }) =>
    billingResponseSchema.parse((await h.call<BillingResponse>("GET", "/api/billing", { user })).body);
  const customersOf = (email: string) =>
    h.query<{ id: string; user_id: string | null; signup_state: string }>("SELECT id, user_id, signup_state FROM billing.customers WHERE email = $1", [email]);
  /** What the provider (the local ledger) holds of the e-mail's customer, even once deleted. */
  const ledgerOf = async (email: string) => {
    const customers = await h.query<LedgerRow>("SELECT id, data FROM billing.local_objects WHERE kind = 'customer' AND data->>'email' = $1", [email]);
    const objects = async (kind: string) =>
      customers.length === 0
        ? []
        : h.query<LedgerRow>("SELECT id, data FROM billing.local_objects WHERE kind = $1 AND customer_id = $2", [kind, customers[0]!.id]);
    return { customers, subscriptions: await objects("subscription"), invoices: await objects("invoice") };
  };
  const changesOf = (userId: string) => h.recorder.of("SubscriptionChanged").filter((e) => e.payload.userId === userId);
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(10);
    }
  };

  it("with a card: the $1 fee, then identity's account (asked once, as billing, with the request id), then the confirm; identity's user is the answer", async () => {
    const user = newUser("saga");
    h.identity.willRegister(user.email, user.id);
    const registration = h.registration(user.email, { subscriptionPlan: "custom", billingFrequency: "yearly", paymentMethodId: "pm_card_visa" });
    const res = await h.call<Record<string, unknown>>("POST", "/internal/billing/signups", {
      gateway: true,
      body: registration,
      headers: { "x-request-id": "req-signup-1" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: user.id, email: user.email, firstName: "Ada", lastName: "Owner", subscriptionPlan: "custom", subscriptionStatus: "trial" });
    expect(h.identity.callsFor(user.email)).toEqual([{ email: user.email, caller: "service:billing", requestId: "req-signup-1", body: registration }]);

    expect(await customersOf(user.email)).toEqual([expect.objectContaining({ user_id: user.id, signup_state: "confirmed" })]);
    const state = await billing(user);
    expect(state.subscription).toMatchObject({
      status: "trialing",
      plan: "enterprise",
      billing_frequency: "yearly",
      plan_amount: planPriceCents("enterprise", "yearly"),
    });
    expect(state.invoices).toEqual([expect.objectContaining({ amount_paid: TRIAL_FEE_CENTS, status: "paid" })]);
    await h.recorder.waitFor("SubscriptionChanged", 1);
    expect(changesOf(user.id).map((e) => e.payload.status)).toEqual([billingV1.SubscriptionStatus.TRIALING]);
    expect(h.mailer.to(user.email).map((mail) => mail.subject)).toEqual(["Receipt for your Rebound trial ($1.00)"]);
  });

  it("a declined card: the provider's 402 and message, identity never asked, nothing kept at the provider or in billing", async () => {
    const user = newUser("declined");
    expect(await h.signUp(user, "pm_card_chargeDeclined")).toMatchObject({
      status: 402,
      body: { message: "Your card was declined.", code: "PAYMENT_DECLINED" },
    });
    const poor = newUser("poor");
    expect(await h.signUp(poor, "pm_card_chargeDeclinedInsufficientFunds")).toMatchObject({
      status: 402,
      body: { message: "Your card has insufficient funds." },
    });
    expect(await h.signUp(newUser("unknown"), "pm_does_not_exist")).toMatchObject({
      status: 400,
      body: { message: "No such PaymentMethod: 'pm_does_not_exist'" },
    });
    for (const { email } of [user, poor]) {
      expect(h.identity.callsFor(email)).toEqual([]);
      expect(await customersOf(email)).toEqual([]);
      expect((await ledgerOf(email)).customers).toEqual([]);
    }
  });

  it("identity refuses (e-mail taken): its 409 and message as they came, the fee refunded, the subscription ended and the customer deleted", async () => {
    const user = newUser("taken");
    h.identity.take(user.email);
    expect(await h.signUp(user)).toMatchObject({ status: 409, body: { message: "An account with this email already exists", code: "CONFLICT" } });
    expect(await customersOf(user.email)).toEqual([]);
    const ledger = await ledgerOf(user.email);
    expect(ledger.customers.map((row) => row.data.deleted)).toEqual([true]);
    expect(ledger.subscriptions.map((row) => row.data.status)).toEqual(["canceled"]);
    expect(ledger.invoices.map((row) => [row.data.amountPaidCents, row.data.refundedCents])).toEqual([[TRIAL_FEE_CENTS, TRIAL_FEE_CENTS]]);
    expect(changesOf(user.id)).toEqual([]);
    expect(h.mailer.to(user.email)).toEqual([]);

    // Identity's other refusals (here a 400 with its field errors) reach the gateway as identity gave them, and are undone the same way.
    const invalid = newUser("invalid");
    h.identity.failNext(
      invalid.email,
      new AppError("VALIDATION_FAILED", "Valid email is required", { fields: [{ field: "email", message: "Valid email is required" }] }),
    );
    expect(await h.signUp(invalid)).toMatchObject({
      status: 400,
      body: { message: "Valid email is required", code: "VALIDATION_FAILED", errors: [{ field: "email", message: "Valid email is required" }] },
    });
    expect(await customersOf(invalid.email)).toEqual([]);
    expect((await ledgerOf(invalid.email)).customers.map((row) => row.data.deleted)).toEqual([true]);
  });

  it("without a card: identity alone creates the account, through billing (one path); no customer, no provider call, no event", async () => {
    const user = newUser("cardless");
    h.identity.willRegister(user.email, user.id);
    const res = await h.call<Record<string, unknown>>("POST", "/internal/billing/signups", { gateway: true, body: h.registration(user.email) });
    expect(res).toMatchObject({ status: 201, body: { id: user.id, email: user.email, subscriptionPlan: "professional" } });
    expect(h.identity.callsFor(user.email)).toHaveLength(1);
    expect(await customersOf(user.email)).toEqual([]);
    expect((await ledgerOf(user.email)).customers).toEqual([]);
    expect((await billing(user)).subscription).toBeNull();
    expect(changesOf(user.id)).toEqual([]);
  });

  it("a double-submitted registration: the second finds the first's sign-up, is refused by identity, and leaves the first's payment alone", async () => {
    const user = newUser("double");
    h.identity.willRegister(user.email, user.id);
    const release = h.identity.hold(user.email);
    const first = h.signUp(user);
    await until(() => h.identity.callsFor(user.email).length === 1, "the first sign-up at identity");
    const second = await h.signUp(user);
    expect(second).toMatchObject({ status: 409, body: { message: "An account with this email already exists" } });
    expect(await customersOf(user.email)).toEqual([expect.objectContaining({ signup_state: "pending" })]);
    release();
    expect((await first).status).toBe(201);
    expect(await customersOf(user.email)).toEqual([expect.objectContaining({ user_id: user.id, signup_state: "confirmed" })]);
    expect((await billing(user)).subscription).toMatchObject({ status: "trialing" });
    expect((await ledgerOf(user.email)).customers.map((row) => row.data.deleted ?? false)).toEqual([false]);
  });

  it("internal sign-up answers only the gateway", async () => {
    const user = newUser("intruder");
    const res = await h.call("POST", "/internal/billing/signups", { user, body: h.registration(user.email, { paymentMethodId: "pm_card_visa" }) });
    expect(res.status).toBe(404);
    expect(h.identity.callsFor(user.email)).toEqual([]);
  });

  // Last: it moves the clock.
  it("a sign-up still pending after ABANDONED_SIGNUP_MINUTES is undone by the job; the account created after it is left without a subscription", async () => {
    const user = newUser("stale");
    h.identity.willRegister(user.email, user.id);
    const release = h.identity.hold(user.email);
    const signup = h.signUp(user);
    await until(() => h.identity.callsFor(user.email).length === 1, "the sign-up at identity");
    h.clock.advance(31 * 60_000);
    await h.runJob("billing:abandoned-signups");
    expect(await customersOf(user.email)).toEqual([]);
    const ledger = await ledgerOf(user.email);
    expect(ledger.customers.map((row) => row.data.deleted)).toEqual([true]);
    expect(ledger.invoices.map((row) => row.data.refundedCents)).toEqual([TRIAL_FEE_CENTS]);

    release();
    // The account exists: the sign-up answers 201 though its payment is gone (the confirm finds nothing).
    expect(await signup).toMatchObject({ status: 201, body: { id: user.id } });
    expect((await billing(user)).subscription).toBeNull();
    expect(changesOf(user.id)).toEqual([]);
  });
});
