import { billingV1, commonV1, timestampDate } from "@rebound/contracts";
import { billingResponseSchema, monthlyCallCap, planPriceCents, DEDICATED_NUMBER_MONTHLY_CENTS, TRIAL_FEE_CENTS } from "@rebound/contracts/domain";
import { EventRecorder } from "@rebound/testing";
import { startBillingApp, type BillingApp } from "./support/standalone-app";
import { DAY_MS, type BillingResponse } from "./support/billing-types";
import { OwnerClient, waitUntil } from "./support/owner-client";
import { placeMissedCall } from "./support/simulated-calls";

jest.setTimeout(180_000);

/**
 * The whole subscription lifecycle with the local payment provider and a moved clock, through the
 * gateway as the web app drives it, with identity, messaging and telephony reacting to SubscriptionChanged.
 */
describe("billing lifecycle (local provider, standalone, moved clock)", () => {
  let app: BillingApp;
  let owner: OwnerClient;
  let recorder: EventRecorder;
  let dedicatedNumber: string;
  let callerSeq = 0;

  const billing = async (client = owner): Promise<BillingResponse> => {
    const res = await client.call<BillingResponse>("GET", "/api/billing");
    expect(res.status).toBe(200);
    return billingResponseSchema.parse(res.body);
  };
  /** Moves the clock and waits until the billing cycle job has seen the new time. */
  const moveClockTo = async (at: number, until: (state: BillingResponse) => boolean, what: string) => {
    app.clock.set(new Date(at));
    await owner.login();
    await waitUntil(async () => until(await billing()), what);
  };
  /** A missed call from a new caller to the dedicated number; resolves with the texts that caller got. */
  const missedCall = (waitMs: number) => placeMissedCall(app.url, `+1555123${String(1000 + callerSeq++).slice(-4)}`, dedicatedNumber, waitMs);
  const lastChange = () => recorder.of("SubscriptionChanged").at(-1)?.payload;

  beforeAll(async () => {
    app = await startBillingApp();
    recorder = await EventRecorder.start(app.runtime.bus, ["SubscriptionChanged", "PhoneNumberPurchased"]);
    owner = new OwnerClient(app.url, "lifecycle@example.com");
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  it("signs up with pm_card_visa: trialing, card 4242, one paid $1.00 invoice whose PDF downloads, receipt e-mailed, identity follows", async () => {
    const intent = await owner.call<{ clientSecret: string; provider: string }>("POST", "/api/create-payment-intent", {
      amount: 49,
      plan: "professional",
      billing: "monthly",
    });
    expect(intent.status).toBe(200);
    expect(intent.body.provider).toBe("local");
    expect(intent.body.clientSecret).toMatch(/_secret_/);

    const registered = await owner.register("pm_card_visa");
    expect(registered.status).toBe(201);

    const state = await billing();
    expect(state.subscription).toMatchObject({ status: "trialing", cancel_at_period_end: false, plan: "professional", billing_frequency: "monthly" });
    const subscription = state.subscription!;
    expect(subscription.trial_end).toBe(subscription.current_period_end);
    expect(subscription.trial_end! - Math.floor(app.clock.now().getTime() / 1000)).toBe(14 * 24 * 3600);
    expect(state.paymentMethods).toEqual([expect.objectContaining({ card: expect.objectContaining({ last4: "4242", brand: "visa" }), is_default: true })]);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({ amount_paid: TRIAL_FEE_CENTS, status: "paid", number: expect.stringMatching(/^RB-\d{6}$/) });

    const pdfUrl = new URL(state.invoices[0]!.invoice_pdf!);
    const pdf = await owner.call<Buffer>("GET", pdfUrl.pathname);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
    const download = await owner.call<{ download_url: string }>("GET", `/api/billing/invoice/${state.invoices[0]!.id}/download`);
    expect(download.status).toBe(200);
    expect(download.body.download_url).toBe(state.invoices[0]!.invoice_pdf);

    const [changed] = await recorder.waitFor("SubscriptionChanged", 1);
    expect(changed!.payload).toMatchObject({
      status: billingV1.SubscriptionStatus.TRIALING,
      plan: commonV1.Plan.PROFESSIONAL,
      provider: "local",
      monthlyCallCap: monthlyCallCap("professional"),
    });
    await waitUntil(
      async () => (await owner.call<{ subscriptionStatus: string }>("GET", "/api/auth/user")).body.subscriptionStatus === "trial",
      "identity's user to follow (its 'trial')",
    );
    await waitUntil(async () => (await app.mails()).some((mail) => mail.to === owner.email && mail.subject.includes("Receipt")), "the trial fee receipt");
  });

  it("adds the dedicated number to the subscription when it is bought", async () => {
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]!.phoneNumber;
    expect([200, 201]).toContain((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status);
    await owner.registerUsTexting(); // carriers block texts to US callers from unregistered numbers
    await waitUntil(async () => (await billing()).subscription?.has_dedicated_number === true, "the number's subscription item");
    expect((await missedCall(5_000)).length).toBe(1);
  });

  it("e-mails that the trial ends in 3 days, then bills the plan and the number when it ends: active", async () => {
    const trialEnd = (await billing()).subscription!.trial_end! * 1000;
    app.clock.set(new Date(trialEnd - 3 * DAY_MS + 60_000));
    await waitUntil(
      async () => (await app.mails()).some((mail) => mail.to === owner.email && mail.subject.includes("trial ends in 3 days")),
      "the trial-ending e-mail",
    );

    await moveClockTo(trialEnd + 60_000, (state) => state.subscription?.status === "active", "the trial to end");
    const state = await billing();
    expect(state.invoices).toHaveLength(2);
    expect(state.invoices[0]).toMatchObject({ status: "paid", amount_paid: planPriceCents("professional", "monthly") + DEDICATED_NUMBER_MONTHLY_CENTS });
    expect(state.subscription!.current_period_start).toBe(trialEnd / 1000);
    await waitUntil(async () => lastChange()?.status === billingV1.SubscriptionStatus.ACTIVE, "SubscriptionChanged active");
  });

  it("changes plan mid-period: prorated invoice lines now, the new cap reaches messaging; the same plan again is a 400", async () => {
    const before = await billing();
    const start = before.subscription!.current_period_start * 1000;
    const end = before.subscription!.current_period_end * 1000;
    app.clock.set(new Date(start + (end - start) / 2));
    await owner.login();

    const same = await owner.call<{ message: string }>("POST", "/api/billing/change-plan", { planName: "professional", billingFrequency: "monthly" });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/already on the Professional plan/);

    const changed = await owner.call<{ message: string }>("POST", "/api/billing/change-plan", { planName: "enterprise", billingFrequency: "monthly" });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toMatch(/Enterprise/);

    const after = await billing();
    expect(after.subscription).toMatchObject({ plan: "enterprise", billing_frequency: "monthly", status: "active", current_period_end: end / 1000 });
    const prorated = after.invoices[0]!;
    const rows = await app.query<{ lines: { amountCents: number; proration: boolean }[] | string }>("SELECT lines FROM billing.invoices WHERE id = $1", [
      prorated.id,
    ]);
    const lines = typeof rows[0]!.lines === "string" ? JSON.parse(rows[0]!.lines) : rows[0]!.lines;
    const half = (cents: number) => Math.round(cents / 2);
    expect(lines).toEqual([
      expect.objectContaining({ amountCents: -half(planPriceCents("professional", "monthly")), proration: true }),
      expect.objectContaining({ amountCents: half(planPriceCents("enterprise", "monthly")), proration: true }),
    ]);
    expect(prorated.amount_paid).toBe(half(planPriceCents("enterprise", "monthly")) - half(planPriceCents("professional", "monthly")));

    await waitUntil(async () => lastChange()?.plan === commonV1.Plan.ENTERPRISE, "SubscriptionChanged enterprise");
    expect(lastChange()!.monthlyCallCap).toBe(monthlyCallCap("enterprise"));
    await waitUntil(
      async () =>
        (await app.query<{ plan: string }>("SELECT plan FROM messaging.subscriptions WHERE user_id = $1", [lastChange()!.userId]))[0]?.plan === "enterprise",
      "messaging's plan (and so its cap)",
    );
  });

  it("cancels at period end: flag set, e-mail sent, texting continues; a second cancel is a 409", async () => {
    const cancelled = await owner.call<{ message: string }>("POST", "/api/billing/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toMatch(/keep full access until/);
    expect((await billing()).subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect((await owner.call("POST", "/api/billing/cancel")).status).toBe(409);
    await waitUntil(async () => lastChange()?.cancelAtPeriodEnd === true, "SubscriptionChanged cancelAtPeriodEnd");
    await waitUntil(
      async () => (await app.mails()).some((mail) => mail.to === owner.email && mail.subject.includes("is cancelled")),
      "the cancellation e-mail",
    );
    expect((await missedCall(5_000)).length).toBe(1);
  });

  it("reactivates: flag cleared, e-mail sent; reactivating again is a 409 with a clear message", async () => {
    const reactivated = await owner.call<{ message: string }>("POST", "/api/billing/reactivate");
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.message).toMatch(/reactivated/);
    expect((await billing()).subscription).toMatchObject({ status: "active", cancel_at_period_end: false });
    const again = await owner.call<{ message: string }>("POST", "/api/billing/reactivate");
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/not scheduled for cancellation/);
    await waitUntil(async () => (await app.mails()).some((mail) => mail.to === owner.email && mail.subject.includes("reactivated")), "the reactivation e-mail");
  });

  it("cancels and lets the period end: canceled, texting stops, the number's release is scheduled 30 days later", async () => {
    expect((await owner.call("POST", "/api/billing/cancel")).status).toBe(200);
    const end = (await billing()).subscription!.current_period_end * 1000;
    await moveClockTo(end + 60_000, (state) => state.subscription?.status === "canceled", "the period to end");
    await waitUntil(async () => lastChange()?.status === billingV1.SubscriptionStatus.CANCELED, "SubscriptionChanged canceled");
    expect(timestampDate(lastChange()!.changedAt!).getTime()).toBe(end);
    await waitUntil(
      async () => (await app.query("SELECT 1 FROM telephony.phone_number_releases WHERE status = 'scheduled'")).length === 1,
      "the number's release to be scheduled",
    );
    const [release] = await app.query<{ scheduled_release_date: Date | string }>("SELECT scheduled_release_date FROM telephony.phone_number_releases");
    expect(new Date(release!.scheduled_release_date).getTime()).toBe(end + 30 * DAY_MS);
    await waitUntil(
      async () =>
        (await app.query<{ status: string }>("SELECT status FROM messaging.subscriptions WHERE user_id = $1", [lastChange()!.userId]))[0]?.status ===
        "canceled",
      "messaging to learn the subscription ended",
    );
    expect(await missedCall(2_000)).toEqual([]);
    // No renewal after the end.
    expect((await billing()).invoices).toHaveLength(3);
  });

  it("subscribes again through checkout (local card form): trialing, the number's release is cancelled", async () => {
    const checkout = await owner.call<{ clientSecret: string; provider: string }>("POST", "/api/create-subscription", {
      priceId: "starter-monthly",
      billingFrequency: "monthly",
    });
    expect(checkout.status).toBe(200);
    const setup = await owner.call<{ paymentMethodId: string }>("POST", "/api/billing/local/confirm-setup", {
      clientSecret: checkout.body.clientSecret,
      cardNumber: "5555 5555 5555 4444",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
    expect(setup.status).toBe(200);
    const confirmed = await owner.call<{ message: string }>("POST", "/api/billing/local/confirm-subscription", {
      clientSecret: checkout.body.clientSecret,
      paymentMethodId: setup.body.paymentMethodId,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toMatch(/Starter/);
    expect((await billing()).subscription).toMatchObject({ status: "trialing", plan: "starter" });
    expect((await owner.call("POST", "/api/create-subscription", { priceId: "starter-monthly" })).status).toBe(409);
    await waitUntil(
      async () => (await app.query("SELECT 1 FROM telephony.phone_number_releases WHERE status = 'scheduled'")).length === 0,
      "the scheduled release to be cancelled",
    );
  });

  it("refuses sign-up with a declined card through the gateway: 402 with the provider's message, no account, business or customer", async () => {
    const declined = new OwnerClient(app.url, "declined@example.com");
    const res = await declined.register("pm_card_chargeDeclined");
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Your card was declined.");
    expect((await declined.call("POST", "/api/login", { email: declined.email, password: declined.password })).status).toBe(401);
    expect(await app.query("SELECT 1 FROM identity.users WHERE email = $1", [declined.email])).toHaveLength(0);
    expect(await app.query("SELECT 1 FROM billing.customers WHERE email = $1", [declined.email])).toHaveLength(0);
    expect(await app.query("SELECT 1 FROM billing.local_objects WHERE kind = 'customer' AND data->>'email' = $1", [declined.email])).toHaveLength(0);
    expect(await app.query("SELECT 1 FROM business.businesses WHERE owner_email = $1", [declined.email])).toHaveLength(0);
  });

  it("signs up the way the web app's local card form does: setup secret, confirm-setup, register with the payment method", async () => {
    const client = new OwnerClient(app.url, "card-form@example.com");
    const intent = await client.call<{ clientSecret: string }>("POST", "/api/create-payment-intent", { amount: 49, plan: "professional", billing: "monthly" });
    const refused = await client.call<{ message: string }>("POST", "/api/billing/local/confirm-setup", {
      clientSecret: intent.body.clientSecret,
      cardNumber: "4000 0000 0000 0002",
      expMonth: 12,
      expYear: 2031,
      cvc: "123",
    });
    expect(refused).toMatchObject({ status: 402, body: { message: "Your card was declined." } });
    const setup = await client.call<{ paymentMethodId: string }>("POST", "/api/billing/local/confirm-setup", {
      clientSecret: intent.body.clientSecret,
      cardNumber: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: 2031,
      cvc: "123",
    });
    expect(setup.status).toBe(200);
    expect((await client.register(setup.body.paymentMethodId)).status).toBe(201);
    expect((await billing(client)).paymentMethods[0]!.card).toMatchObject({ last4: "4242", exp_month: 12, exp_year: 2031 });
    // A second account with the same e-mail: identity's 409, and the second card's sign-up is undone.
    const twin = new OwnerClient(app.url, "card-form@example.com");
    const again = await twin.register("pm_card_mastercard");
    expect(again.status).toBe(409);
    expect(await app.query("SELECT 1 FROM billing.customers WHERE email = $1", ["card-form@example.com"])).toHaveLength(1);
  });

  it("keeps tenants apart: another user's invoice is a 404, and their GET /api/billing shows only their own", async () => {
    const other = new OwnerClient(app.url, "other-tenant@example.com");
    expect((await other.register("pm_card_mastercard")).status).toBe(201);
    const mine = await billing();
    const theirs = await billing(other);
    expect(theirs.paymentMethods[0]!.card.last4).toBe("4444");
    expect(theirs.invoices.map((invoice) => invoice.id)).not.toContain(mine.invoices[0]!.id);
    expect((await other.call("GET", `/api/billing/invoice/${mine.invoices[0]!.id}/download`)).status).toBe(404);
    expect((await other.call("GET", `/api/billing/invoices/${mine.invoices[0]!.id}/pdf`)).status).toBe(404);
    expect((await other.call("GET", `/api/billing/invoice/${"x".repeat(300)}/download`)).status).toBe(400);
  });
});
