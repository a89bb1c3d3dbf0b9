import { billingV1 } from "@rebound/contracts";
import { billingResponseSchema, planPriceCents, TRIAL_FEE_CENTS } from "@rebound/contracts/domain";
import { FakeStripeApi } from "@rebound/testing/stripe";
import { randomUUID } from "node:crypto";
import { DAY_MS, type BillingResponse } from "./support/billing-types";
import { BillingHarness } from "./support/billing-harness";

jest.setTimeout(60_000);

const WEBHOOK_SECRET = "whsec_test_secret";
const PRICES = {
  "starter-monthly": { id: "price_starter_m", unitAmount: planPriceCents("starter", "monthly"), interval: "month" as const },
  "starter-yearly": { id: "price_starter_y", unitAmount: planPriceCents("starter", "yearly"), interval: "year" as const },
  "professional-monthly": { id: "price_pro_m", unitAmount: planPriceCents("professional", "monthly"), interval: "month" as const },
  "professional-yearly": { id: "price_pro_y", unitAmount: planPriceCents("professional", "yearly"), interval: "year" as const },
  "enterprise-monthly": { id: "price_ent_m", unitAmount: planPriceCents("enterprise", "monthly"), interval: "month" as const },
  "enterprise-yearly": { id: "price_ent_y", unitAmount: planPriceCents("enterprise", "yearly"), interval: "year" as const },
  "number-monthly": { id: "price_num_m", unitAmount: 115, interval: "month" as const },
  "number-yearly": { id: "price_num_y", unitAmount: 1380, interval: "year" as const },
};

const newUser = (name: string) => ({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 8)}@example.com` });

/** The Stripe adapter (official SDK) against a local HTTP server playing the Stripe API, webhooks signed with the SDK. */
describe("billing with the Stripe adapter against a fake Stripe API", () => {
  const h = new BillingHarness();
  let fake: FakeStripeApi;

  beforeAll(async () => {
    fake = new FakeStripeApi({
      prices: Object.fromEntries(Object.values(PRICES).map((p) => [p.id, { unitAmount: p.unitAmount, interval: p.interval }])),
      now: () => h.clock.now(),
      webhookUrl: () => `${h.url}/webhooks/stripe`,
      webhookSecret: WEBHOOK_SECRET,
    });
    const base = await fake.start();
    await h.start({
      config: {
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: base,
        STRIPE_PRICE_STARTER_MONTHLY: PRICES["starter-monthly"].id,
        STRIPE_PRICE_STARTER_YEARLY: PRICES["starter-yearly"].id,
        STRIPE_PRICE_PROFESSIONAL_MONTHLY: PRICES["professional-monthly"].id,
        STRIPE_PRICE_PROFESSIONAL_YEARLY: PRICES["professional-yearly"].id,
        STRIPE_PRICE_ENTERPRISE_MONTHLY: PRICES["enterprise-monthly"].id,
        STRIPE_PRICE_ENTERPRISE_YEARLY: PRICES["enterprise-yearly"].id,
        STRIPE_PRICE_NUMBER_MONTHLY: PRICES["number-monthly"].id,
        STRIPE_PRICE_NUMBER_YEARLY: PRICES["number-yearly"].id,
      },
    });
  });
  afterAll(async () => {
    await h.stop();
    await fake?.stop();
  });

  const billing = async (user: { id: string; email: string }) => {
    const res = await h.call<BillingResponse>("GET", "/api/billing", { user });
    expect(res.status).toBe(200);
    return billingResponseSchema.parse(res.body);
  };
  const changesOf = (userId: string) => h.recorder.of("SubscriptionChanged").filter((e) => e.payload.userId === userId);
  const paymentEvents = async () => Number((await h.query<{ n: number }>("SELECT count(*)::int AS n FROM billing.payment_events"))[0]!.n);

  it("answers the payment setup with a Stripe SetupIntent secret and the publishable key", async () => {
    const res = await h.call("POST", "/api/create-payment-intent", { body: { amount: 49, plan: "professional", billing: "monthly" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clientSecret: expect.stringMatching(/^seti_.*_secret_/), provider: "stripe", publishableKey: "pk_test_fake" });
  });

  it("signs up: customer, card, trial subscription and the $1 fee at Stripe with idempotency keys; GET /api/billing from the mirror", async () => {
    const user = newUser("stripe");
    expect((await h.signUp(user, "pm_card_visa")).status).toBe(201);
    const state = await billing(user);
    expect(state.subscription).toMatchObject({ status: "trialing", plan: "professional", billing_frequency: "monthly", cancel_at_period_end: false });
    expect(state.subscription!.trial_end! - state.subscription!.current_period_start).toBe(14 * 24 * 3600);
    expect(state.paymentMethods[0]!.card).toMatchObject({ last4: "4242", brand: "visa" });
    expect(state.invoices).toEqual([
      expect.objectContaining({ amount_paid: TRIAL_FEE_CENTS, status: "paid", invoice_pdf: expect.stringMatching(/^https:\/\/pay\.stripe\.test/) }),
    ]);
    for (const path of ["/v1/customers", "/v1/invoiceitems", "/v1/subscriptions"]) {
      expect(fake.requests.filter((r) => r.method === "POST" && r.path === path).every((r) => r.idempotencyKey)).toBe(true);
    }
    expect(changesOf(user.id).map((e) => e.payload.provider)).toEqual(["stripe"]);

    // A retried registration (same e-mail and card) finds the same sign-up: identity refuses the taken
    // e-mail, and neither a second customer nor a refund of the first one's fee happens.
    const again = await h.signUp(user, "pm_card_visa");
    expect(again).toMatchObject({ status: 409, body: { message: "An account with this email already exists" } });
    expect([...fake.customers.values()].filter((c) => c.email === user.email)).toHaveLength(1);
    expect((await billing(user)).subscription).toMatchObject({ status: "trialing" });
  });

  it("refuses a declined card with Stripe's message and deletes the customer it created", async () => {
    const user = newUser("stripe-declined");
    expect(await h.signUp(user, "pm_card_chargeDeclined")).toMatchObject({ status: 402, body: { message: "Your card was declined." } });
    const created = [...fake.customers.values()].filter((c) => c.email === user.email);
    expect(created).toHaveLength(0);
    expect(await h.query("SELECT 1 FROM billing.customers WHERE email = $1", [user.email])).toHaveLength(0);
  });

  it("walks trial end (webhooks), plan change with proration, cancel, reactivate, and the end of the period", async () => {
    const user = newUser("stripe-life");
    expect((await h.signUp(user, "pm_card_visa")).status).toBe(201);
    const trialEnd = (await billing(user)).subscription!.trial_end! * 1000;

    h.clock.set(new Date(trialEnd - 3 * DAY_MS + 60_000));
    fake.advance();
    await fake.flushWebhooks();
    expect(h.mailer.to(user.email).map((m) => m.subject)).toContain("Your Rebound trial ends in 3 days");

    h.clock.set(new Date(trialEnd + 60_000));
    fake.advance();
    await fake.flushWebhooks();
    let state = await billing(user);
    expect(state.subscription!.status).toBe("active");
    expect(state.invoices[0]).toMatchObject({ status: "paid", amount_paid: planPriceCents("professional", "monthly") });
    expect(changesOf(user.id).at(-1)!.payload.status).toBe(billingV1.SubscriptionStatus.ACTIVE);

    h.clock.set(new Date(trialEnd + 10 * DAY_MS));
    expect((await h.call("POST", "/api/billing/change-plan", { user, body: { planName: "professional", billingFrequency: "monthly" } })).status).toBe(400);
    expect((await h.call("POST", "/api/billing/change-plan", { user, body: { planName: "starter", billingFrequency: "monthly" } })).status).toBe(200);
    state = await billing(user);
    expect(state.subscription!.plan).toBe("starter");
    expect(state.invoices[0]!.total).toBeLessThan(0);

    expect((await h.call("POST", "/api/billing/cancel", { user })).status).toBe(200);
    expect((await billing(user)).subscription!.cancel_at_period_end).toBe(true);
    expect((await h.call("POST", "/api/billing/reactivate", { user })).status).toBe(200);
    expect((await billing(user)).subscription!.cancel_at_period_end).toBe(false);
    expect((await h.call("POST", "/api/billing/cancel", { user })).status).toBe(200);

    const end = (await billing(user)).subscription!.current_period_end * 1000;
    h.clock.set(new Date(end + 60_000));
    fake.advance();
    await fake.flushWebhooks();
    expect((await billing(user)).subscription!.status).toBe("canceled");
    expect(changesOf(user.id).at(-1)!.payload.status).toBe(billingV1.SubscriptionStatus.CANCELED);
  });

  it("refuses a webhook with a bad signature (400) and changes nothing; the same event twice is processed once", async () => {
    const user = newUser("stripe-hooks");
    expect((await h.signUp(user, "pm_card_visa")).status).toBe(201);
    await fake.flushWebhooks();
    const customerId = (await billing(user)).customer!.id;
    const sub = [...fake.subscriptions.values()].find((s) => s.customer === customerId)!;
    const url = `${h.url}/webhooks/stripe`;

    const before = await paymentEvents();
    sub.cancel_at_period_end = true; // Stripe's state changed; only a genuine webhook may tell billing
    const forged = JSON.stringify({
      id: `evt_forged_${randomUUID()}`,
      object: "event",
      type: "customer.subscription.updated",
      created: 1,
      data: { object: sub },
    });
    const bad = await fake.post(url, forged, "whsec_wrong");
    expect(bad.status).toBe(400);
    const unsigned = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: forged });
    expect(unsigned.status).toBe(400);
    expect(await paymentEvents()).toBe(before);
    expect((await billing(user)).subscription!.cancel_at_period_end).toBe(false);

    const event = fake.emit("customer.subscription.updated", sub);
    await fake.flushWebhooks();
    expect((await billing(user)).subscription!.cancel_at_period_end).toBe(true);
    const published = changesOf(user.id).length;
    const replay = await fake.post(url, JSON.stringify(event));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ received: true, outcome: "duplicate" });
    expect(await paymentEvents()).toBe(before + 1);
    expect(changesOf(user.id)).toHaveLength(published);
  });

  it("answers a correctly signed body that is no Stripe event (empty, not JSON, nested 10,000 deep, not an event) with a 400 and a message (was 500)", async () => {
    const url = `${h.url}/webhooks/stripe`;
    const before = await paymentEvents();
    const nested = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
    const deepArray = "[".repeat(10_000) + "]".repeat(10_000);
    for (const body of [
      "",
      "not json",
      "{",
      nested,
      deepArray,
      "null",
      "[]",
      "{}",
      '{"id":"evt_1","type":"invoice.paid"}',
      '{"id":"evt_1","type":"invoice.paid","created":1,"data":null}',
    ]) {
      const res = await fake.post(url, body);
      const answer = (await res.json()) as { message?: unknown };
      expect([body.slice(0, 40), res.status, typeof answer.message]).toEqual([body.slice(0, 40), 400, "string"]);
    }
    expect(await paymentEvents()).toBe(before);
  });
});
