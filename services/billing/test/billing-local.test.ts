import { billingV1 } from "@rebound/contracts";
import { billingResponseSchema, planPriceCents } from "@rebound/contracts/domain";
import { randomUUID } from "node:crypto";
import { BILLING_CYCLE_JOB } from "../src/service";
import { DAY_MS, type BillingResponse } from "./support/billing-types";
import { BillingHarness } from "./support/billing-harness";

jest.setTimeout(60_000);

const newUser = (name: string) => ({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 8)}@example.com` });

describe("billing with the local payment provider", () => {
  const h = new BillingHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const billing = async (user: { id: string; email: string }) => {
    const res = await h.call<BillingResponse>("GET", "/api/billing", { user });
    expect(res.status).toBe(200);
    return billingResponseSchema.parse(res.body);
  };
  const setupSecret = async () =>
    (await h.call<{ clientSecret: string }>("POST", "/api/create-payment-intent", { body: { amount: 49, plan: "professional", billing: "monthly" } })).body
      .clientSecret;
  const confirmCard = (clientSecret: string, cardNumber: string, extra: Record<string, unknown> = {}) =>
    h.call<{ paymentMethodId?: string; message?: string }>("POST", "/api/billing/local/confirm-setup", {
      body: { clientSecret, cardNumber, expMonth: 12, expYear: 2030, cvc: "123", ...extra },
    });

  it("answers the sign-up page's payment setup with a local client secret and no publishable key", async () => {
    const res = await h.call<Record<string, unknown>>("POST", "/api/create-payment-intent", { body: { amount: 49, plan: "professional", billing: "monthly" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clientSecret: expect.stringMatching(/^seti_local_[0-9a-f]{32}_secret_[\w-]+\.[\w-]+$/), provider: "local" });
  });

  it("confirms a card like Stripe.js: 4242 gives a payment method, 0002 is declined (402), malformed input is a 400 with a clear message", async () => {
    const ok = await confirmCard(await setupSecret(), "4242 4242 4242 4242");
    expect(ok.status).toBe(200);
    expect(ok.body.paymentMethodId).toMatch(/^pm_local_/);

    const declined = await confirmCard(await setupSecret(), "4000 0000 0000 0002");
    expect(declined).toMatchObject({ status: 402, body: { message: "Your card was declined." } });
    expect((await confirmCard(await setupSecret(), "4000000000000069")).body.message).toBe("Your card has expired.");
    expect((await confirmCard(await setupSecret(), "4000000000000127")).body.message).toBe("Your card's security code is incorrect.");

    expect(await confirmCard(await setupSecret(), "4242 4242 4242 4241")).toMatchObject({ status: 400, body: { message: "Your card number is incorrect." } });
    expect(await confirmCard(await setupSecret(), "4242424242424242", { expYear: 2020 })).toMatchObject({
      status: 400,
      body: { message: "Your card's expiration year is in the past." },
    });
    expect(await confirmCard(await setupSecret(), "4242424242424242", { cvc: "1" })).toMatchObject({
      status: 400,
      body: { message: "Your card's security code is invalid." },
    });
    expect(await confirmCard(await setupSecret(), "4242424242424242", { expMonth: 13 })).toMatchObject({ status: 400 });
    expect(await confirmCard("seti_local_nope_secret_nope", "4242424242424242")).toMatchObject({ status: 400 });
    expect((await h.call("POST", "/api/billing/local/confirm-setup", { raw: "{not json" })).status).toBe(400);

    const secret = await setupSecret();
    expect((await confirmCard(secret, "4242424242424242")).status).toBe(200);
    expect(await confirmCard(secret, "4242424242424242")).toMatchObject({ status: 400, body: { message: expect.stringMatching(/already succeeded/) } });
  });

  it("never answers 5xx to bad input on the signed-in endpoints", async () => {
    const user = newUser("fuzz");
    const cases: [string, string, unknown][] = [
      ["POST", "/api/billing/change-plan", { planName: "gold" }],
      ["POST", "/api/billing/change-plan", "nonsense"],
      ["POST", "/api/billing/change-plan", { planName: "starter", billingFrequency: "weekly" }],
      ["POST", "/api/billing/cancel", {}],
      ["POST", "/api/billing/reactivate", {}],
      ["POST", "/api/create-subscription", { priceId: "gold-daily" }],
      ["POST", "/api/billing/payment-method", {}],
      ["POST", "/api/billing/local/confirm-subscription", { clientSecret: "x", paymentMethodId: "pm_card_visa" }],
      ["GET", "/api/billing/invoice/%00/download", undefined],
      ["GET", "/api/billing/invoices/in_nope/pdf", undefined],
      ["POST", "/api/create-payment-intent", { plan: "gold" }],
    ];
    for (const [method, path, body] of cases) {
      const res = await h.call<{ message: string }>(method, path, { user, ...(body === undefined ? {} : typeof body === "string" ? { raw: body } : { body }) });
      expect({ path, status: res.status < 500, message: typeof res.body.message }).toEqual({ path, status: true, message: "string" });
    }
    expect((await h.call("GET", "/api/billing")).status).toBe(401);
    expect((await h.call("POST", "/webhooks/stripe", { raw: "{}" })).status).toBe(404);
  });

  it("insufficient funds at renewal: past_due with a payment-failed e-mail, retried every 3 days, unpaid after the last retry; a new card brings it back", async () => {
    const user = newUser("renewal");
    expect((await h.signUp(user, "pm_card_visa", "starter")).status).toBe(201);
    const poorCard = await confirmCard(await setupSecret(), "4000 0000 0000 9995");
    expect(poorCard.status).toBe(200);
    expect((await h.call("POST", "/api/billing/payment-method", { user, body: { paymentMethodId: poorCard.body.paymentMethodId } })).status).toBe(200);
    const trialEnd = (await billing(user)).subscription!.trial_end! * 1000;

    h.clock.set(new Date(trialEnd + 60_000));
    await h.runJob(BILLING_CYCLE_JOB);
    let state = await billing(user);
    expect(state.subscription).toMatchObject({ status: "past_due" });
    expect(state.invoices[0]).toMatchObject({ status: "open", amount_paid: 0, amount_due: planPriceCents("starter", "monthly") });
    expect(h.mailer.to(user.email).map((mail) => mail.subject)).toContain("Action needed: your Rebound payment failed");
    // The clock jumped past the notice: the trial is over, so no "ends in 3 days" e-mail any more.
    expect(h.mailer.to(user.email).map((mail) => mail.subject)).not.toContain("Your Rebound trial ends in 3 days");

    for (const days of [3, 6]) {
      h.clock.set(new Date(trialEnd + days * DAY_MS + 60_000));
      await h.runJob(BILLING_CYCLE_JOB);
      expect((await billing(user)).subscription!.status).toBe("past_due");
    }
    h.clock.set(new Date(trialEnd + 9 * DAY_MS + 60_000));
    await h.runJob(BILLING_CYCLE_JOB);
    state = await billing(user);
    expect(state.subscription!.status).toBe("unpaid");
    const statuses = h.recorder
      .of("SubscriptionChanged")
      .filter((e) => e.payload.userId === user.id)
      .map((e) => e.payload.status);
    await h.recorder.waitFor("SubscriptionChanged", h.recorder.events.length);
    expect(statuses).toEqual([billingV1.SubscriptionStatus.TRIALING, billingV1.SubscriptionStatus.PAST_DUE, billingV1.SubscriptionStatus.UNPAID]);
    expect(h.mailer.to(user.email).filter((mail) => mail.subject.includes("payment failed"))).toHaveLength(4);

    const goodCard = await confirmCard(await setupSecret(), "4242424242424242");
    expect((await h.call("POST", "/api/billing/payment-method", { user, body: { paymentMethodId: goodCard.body.paymentMethodId } })).status).toBe(200);
    state = await billing(user);
    expect(state.subscription!.status).toBe("active");
    expect(state.invoices[0]).toMatchObject({ status: "paid", amount_paid: planPriceCents("starter", "monthly") });
  });
});
