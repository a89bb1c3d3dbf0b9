import { planPriceCents, TRIAL_DAYS, TRIAL_FEE_CENTS } from "@rebound/contracts/domain";
import { createSilentLogger, type Clock } from "@rebound/platform";
import { PaymentDeclinedError, PaymentInputError, type ProviderEvent } from "@rebound/providers/payments";
import { MemoryPaymentLedger } from "./memory-ledger";
import { PaymentSimulator } from "./payment-simulator";

const DAY_MS = 24 * 3_600_000;

/** The simulator alone, on the memory ledger and a clock the test moves. */
function simulator() {
  let now = new Date("2026-03-02T15:00:00Z").getTime();
  const clock: Clock = { now: () => new Date(now) };
  const ledger = new MemoryPaymentLedger();
  const events: ProviderEvent[] = [];
  const payments = new PaymentSimulator(
    ledger,
    clock,
    {
      retryIntervalDays: 3,
      maxRetries: 2,
      trialNoticeDays: 3,
      invoicePdfUrl: (id) => `http://billing.test/invoices/${id}/pdf`,
      setupIntentSecret: "test-secret",
    },
    createSilentLogger(),
  );
  payments.setEventSink(async (event) => void events.push(event));
  const advanceDays = (days: number) => (now += days * DAY_MS);
  const subscribe = (key: string, paymentMethodId: string) =>
    payments.startSubscription({ key, email: "ada@example.com", name: "Ada Owner", paymentMethodId, plan: "professional", frequency: "monthly" });
  return { payments, ledger, events, clock, advanceDays, subscribe };
}

describe("the payment simulator (dev-only Stripe stand-in), on its ledger port", () => {
  it("given Stripe's test card id, when a subscription starts, then it trials with the $1 fee paid and says so with Stripe's events", async () => {
    const { payments, events, subscribe } = simulator();
    const { customerId, subscriptionId } = await subscribe("signup-1", "pm_card_visa");

    const account = await payments.fetchAccount(customerId);
    expect(account.subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, status: "trialing", plan: "professional" })]);
    expect(account.invoices).toEqual([
      expect.objectContaining({ status: "paid", amountPaidCents: TRIAL_FEE_CENTS, invoicePdf: expect.stringContaining("/pdf") }),
    ]);
    expect(account.paymentMethods).toEqual([expect.objectContaining({ brand: "visa", last4: "4242" })]);
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.created", "invoice.paid"]);
    expect(await subscribe("signup-1", "pm_card_visa")).toEqual({ customerId, subscriptionId });
  });

  it("given a declined card, when a subscription starts, then Stripe's decline is thrown and nothing is left behind", async () => {
    const { ledger, events, subscribe } = simulator();
    await expect(subscribe("signup-2", "pm_card_chargeDeclined")).rejects.toEqual(new PaymentDeclinedError("Your card was declined."));
    expect(await ledger.findByIdempotencyKey(undefined, "signup-2:customer")).toBeUndefined();
    expect(events).toEqual([]);
  });

  it("given a setup intent, when the card form confirms it, then a payment method is made once", async () => {
    const { payments } = simulator();
    const { clientSecret } = await payments.createSetupIntent({ purpose: "signup", plan: "starter", frequency: "monthly" });
    const card = { clientSecret, cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

    const { paymentMethodId, setupIntent } = await payments.confirmSetup(card);
    expect(paymentMethodId).toMatch(/^pm_local_/);
    expect(setupIntent).toMatchObject({ status: "succeeded", plan: "starter", paymentMethodId });
    await expect(payments.confirmSetup(card)).rejects.toBeInstanceOf(PaymentInputError);
    expect(await payments.findSetupIntent(clientSecret)).toMatchObject({ status: "succeeded", paymentMethodId });
    await expect(
      payments.confirmSetup({
        ...card,
        cardNumber: "4000 0000 0000 0002",
        clientSecret: (await payments.createSetupIntent({ purpose: "signup" })).clientSecret,
      }),
    ).rejects.toEqual(new PaymentDeclinedError("Your card was declined.", "generic_decline"));
  });

  it("given the trial's end, when the billing cycle runs, then the plan is charged; a card that fails goes past due, then unpaid after the retries", async () => {
    const { payments, advanceDays, clock, subscribe } = simulator();
    const good = await subscribe("signup-3", "pm_card_visa");
    const failing = await subscribe("signup-4", "pm_card_visa");
    // Attaches fine, every charge fails (Stripe's 4000 0000 0000 0341).
    await payments.setDefaultPaymentMethod(failing.customerId, "pm_card_chargeCustomerFail");

    advanceDays(TRIAL_DAYS + 1);
    await payments.runBillingCycle(clock.now());
    const renewed = await payments.fetchAccount(good.customerId);
    expect(renewed.subscriptions[0]?.status).toBe("active");
    expect(renewed.invoices[0]).toMatchObject({ status: "paid", amountPaidCents: planPriceCents("professional", "monthly") });
    expect((await payments.fetchAccount(failing.customerId)).subscriptions[0]?.status).toBe("past_due");

    advanceDays(3 * 3);
    await payments.runBillingCycle(clock.now());
    expect((await payments.fetchAccount(failing.customerId)).subscriptions[0]?.status).toBe("unpaid");
  });
});
