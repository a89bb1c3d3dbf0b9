import { planPriceCents } from "@rebound/contracts/domain";
import { Browser, json } from "@rebound/testing";
import { FakeStripeApi } from "@rebound/testing/stripe";
import { OwnerClient, startTestStandalone } from "./standalone-harness";

// The billing holes a black-box probe of `npm start` found, replayed through the public gateway:
// each answered a 5xx, accepted a declined card, or let anonymous calls write a row each before.
jest.setTimeout(180_000);

const PROTOTYPE_KEYS = ["toString", "hasOwnProperty", "__proto__", "constructor"];
const NESTED = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);

const registration = (email: string, paymentMethodId: string) => ({
  email,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Dana",
  lastName: "Reyes",
  subscriptionPlan: "professional",
  billingFrequency: "monthly",
  paymentMethodId,
});

describe("billing probes through the gateway (local payment provider)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let owner: OwnerClient;
  let clients = 0;
  /** Each sign-up from its own address behind the trusted proxy (sign-up is limited per address). */
  const register = (email: string, paymentMethodId: string) =>
    new Browser(app.url).request("POST", "/api/register", registration(email, paymentMethodId), { "x-forwarded-for": `198.51.100.${++clients}` });
  const ledgerRows = async () => Number((await app.runtime.database.query<{ n: number }>("SELECT count(*)::int AS n FROM billing.local_objects"))[0]!.n);

  beforeAll(async () => {
    app = await startTestStandalone();
    owner = new OwnerClient(app.url);
    await owner.signUp("probe-billing-owner@example.com");
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("a paymentMethodId naming an Object.prototype member is a 400 at sign-up (was 502) and at card change (was 500)", async () => {
    for (const key of PROTOTYPE_KEYS) {
      const signup = await register(`proto-${key.replaceAll("_", "")}@example.com`, key);
      expect([key, signup.status, await json(signup)]).toEqual([key, 400, expect.objectContaining({ message: `No such PaymentMethod: '${key}'` })]);
      const change = await owner.call("POST", "/api/billing/payment-method", { paymentMethodId: key });
      expect([key, change.status, change.body]).toEqual([key, 400, expect.objectContaining({ message: `No such PaymentMethod: '${key}'` })]);
    }
  });

  it("create-payment-intent and confirm-setup write no row per anonymous call, and the 21st call from one address in 10 minutes is a 429", async () => {
    const before = await ledgerRows();
    const from = (address: string) => ({ "x-forwarded-for": address });
    const intents = [];
    for (let i = 0; i < 21; i++)
      intents.push(
        await new Browser(app.url).request("POST", "/api/create-payment-intent", { amount: 49, plan: "professional", billing: "monthly" }, from("203.0.113.7")),
      );
    expect(intents.slice(0, 20).map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(intents[20]!.status).toBe(429);
    expect(await json(intents[20]!)).toMatchObject({ message: expect.any(String) });
    const { clientSecret } = await json<{ clientSecret: string }>(intents[0]!);

    const confirms = [];
    const card = { clientSecret, cardNumber: "4242 4242 4242 4241", expMonth: 12, expYear: 2031, cvc: "123" };
    for (let i = 0; i < 21; i++) confirms.push(await new Browser(app.url).request("POST", "/api/billing/local/confirm-setup", card, from("203.0.113.8")));
    expect(confirms.slice(0, 20).map((res) => res.status)).toEqual(Array(20).fill(400));
    expect(confirms[20]!.status).toBe(429);
    expect(await ledgerRows()).toBe(before);

    // Another address still signs up the web app's way: setup, card, registration.
    const card4242 = await new Browser(app.url).request(
      "POST",
      "/api/billing/local/confirm-setup",
      { ...card, cardNumber: "4242 4242 4242 4242" },
      from("203.0.113.9"),
    );
    expect(card4242.status).toBe(200);
    const { paymentMethodId } = await json<{ paymentMethodId: string }>(card4242);
    expect((await register("probe-card-form@example.com", paymentMethodId)).status).toBe(201);
  });

  it("a declined test card is refused as the new default card with sign-up's answer (402), and the default card stays", async () => {
    const signup = await register("probe-declined@example.com", "pm_card_chargeDeclined");
    expect(signup.status).toBe(402);
    const refusedAtSignup = await json<{ message: string }>(signup);
    const change = await owner.call<{ message: string }>("POST", "/api/billing/payment-method", { paymentMethodId: "pm_card_chargeDeclined" });
    expect(change).toEqual({ status: 402, body: expect.objectContaining({ message: refusedAtSignup.message }) });
    expect(change.body.message).toBe("Your card was declined.");
    const state = await owner.call<{ paymentMethods: { is_default: boolean; card: { last4: string } }[] }>("GET", "/api/billing");
    expect(state.body.paymentMethods.map((method) => [method.card.last4, method.is_default])).toEqual([["4242", true]]);
  });

  it("an invoice id with a NUL or of no invoice's shape is a 400 with a message (was 500); the owner's own invoice downloads", async () => {
    const state = await owner.call<{ invoices: { id: string }[] }>("GET", "/api/billing");
    const invoiceId = state.body.invoices[0]!.id;
    for (const path of ["/api/billing/invoice/%00/download", "/api/billing/invoices/a%00b/pdf", "/api/billing/invoices/not-an-invoice/pdf"]) {
      const res = await owner.call<{ message?: string }>("GET", path);
      expect([path, res.status, typeof res.body.message]).toEqual([path, 400, "string"]);
    }
    expect((await owner.call("GET", "/api/billing/invoices/not-an-invoice/pdf")).body).toMatchObject({ message: "Invalid invoice id" });
    expect((await owner.call("GET", `/api/billing/invoice/${invoiceId}/download`)).status).toBe(200);
  });
});

describe("billing probes through the gateway (Stripe)", () => {
  const WEBHOOK_SECRET = "whsec_probe_secret";
  const PRICES = {
    STRIPE_PRICE_STARTER_MONTHLY: { id: "price_starter_m", unitAmount: planPriceCents("starter", "monthly"), interval: "month" as const },
    STRIPE_PRICE_STARTER_YEARLY: { id: "price_starter_y", unitAmount: planPriceCents("starter", "yearly"), interval: "year" as const },
    STRIPE_PRICE_PROFESSIONAL_MONTHLY: { id: "price_pro_m", unitAmount: planPriceCents("professional", "monthly"), interval: "month" as const },
    STRIPE_PRICE_PROFESSIONAL_YEARLY: { id: "price_pro_y", unitAmount: planPriceCents("professional", "yearly"), interval: "year" as const },
    STRIPE_PRICE_ENTERPRISE_MONTHLY: { id: "price_ent_m", unitAmount: planPriceCents("enterprise", "monthly"), interval: "month" as const },
    STRIPE_PRICE_ENTERPRISE_YEARLY: { id: "price_ent_y", unitAmount: planPriceCents("enterprise", "yearly"), interval: "year" as const },
    STRIPE_PRICE_NUMBER_MONTHLY: { id: "price_num_m", unitAmount: 115, interval: "month" as const },
    STRIPE_PRICE_NUMBER_YEARLY: { id: "price_num_y", unitAmount: 1380, interval: "year" as const },
  };
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let fake: FakeStripeApi;

  beforeAll(async () => {
    fake = new FakeStripeApi({
      prices: Object.fromEntries(Object.values(PRICES).map((price) => [price.id, { unitAmount: price.unitAmount, interval: price.interval }])),
      now: () => new Date(),
      webhookSecret: WEBHOOK_SECRET,
    });
    const base = await fake.start();
    app = await startTestStandalone({
      STRIPE_SECRET_KEY: "sk_test_probe",
      STRIPE_PUBLISHABLE_KEY: "pk_test_probe",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: base,
      ...Object.fromEntries(Object.entries(PRICES).map(([setting, price]) => [setting, price.id])),
    });
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
  });

  it("a correctly signed webhook that is empty, not JSON or nested 10,000 deep is a 400 with a message (was 500)", async () => {
    const processed = async () => Number((await app.runtime.database.query<{ n: number }>("SELECT count(*)::int AS n FROM billing.payment_events"))[0]!.n);
    const before = await processed();
    for (const body of ["", "not json", NESTED]) {
      const res = await fake.post(`${app.url}/webhooks/stripe`, body);
      expect([body.slice(0, 20), res.status]).toEqual([body.slice(0, 20), 400]);
      expect(await res.json()).toMatchObject({ message: expect.any(String) });
    }
    expect(await processed()).toBe(before);
  });
});
