import { messagingV1 } from "@rebound/contracts";
import { billingResponseSchema, CHOOSE_PLAN_FOR_NUMBER_MESSAGE } from "@rebound/contracts/domain";
import { EventRecorder } from "@rebound/testing";
import { startBillingApp, type BillingApp } from "./support/standalone-app";
import { type BillingResponse } from "./support/billing-types";
import { OwnerClient, waitUntil } from "./support/owner-client";
import { placeMissedCall } from "./support/simulated-calls";

jest.setTimeout(180_000);

/**
 * No service without a subscription, through the gateway as the web app drives it (local payment
 * provider, moved clock): an account made without a card buys no number and texts no caller until
 * it subscribes at checkout; once its subscription has ended, missed calls are recorded and not texted.
 */
describe("entitlements: a number and texts need a subscription in good standing (standalone, local provider)", () => {
  let app: BillingApp;
  let owner: OwnerClient;
  let recorder: EventRecorder;
  let dedicatedNumber: string;
  let callerSeq = 0;

  const billing = async (): Promise<BillingResponse> => {
    const res = await owner.call<BillingResponse>("GET", "/api/billing");
    expect(res.status).toBe(200);
    return billingResponseSchema.parse(res.body);
  };
  const availableNumber = async () =>
    (await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415")).body.numbers[0]!.phoneNumber;
  const entitlementOf = async (status: string) =>
    (
      await app.query<{ status: string }>(
        "SELECT e.status FROM telephony.user_entitlements e JOIN identity.users u ON u.id::text = e.user_id WHERE u.email = $1",
        [owner.email],
      )
    )[0]?.status === status;
  /** A missed call from a new caller; resolves with the caller and the texts they got within `waitMs`. */
  const missedCall = async (waitMs: number) => {
    const caller = `+1555321${String(1000 + callerSeq++).slice(-4)}`;
    return { caller, texts: await placeMissedCall(app.url, caller, dedicatedNumber, waitMs) };
  };

  beforeAll(async () => {
    app = await startBillingApp();
    recorder = await EventRecorder.start(app.runtime.bus, ["SmsSuppressed", "SubscriptionChanged"]);
    owner = new OwnerClient(app.url, "no-card@example.com");
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  it("registers without a card (201, signed in) with no subscription, and the number purchase answers 402 asking for a plan", async () => {
    expect((await owner.register(undefined)).status).toBe(201);
    expect((await billing()).subscription).toBeNull();
    await waitUntil(() => entitlementOf("none"), "telephony to learn the account has no subscription");

    const purchase = await owner.call<{ message: string }>("POST", "/api/phone-numbers/purchase", { phoneNumber: await availableNumber() });

    expect(purchase.status).toBe(402);
    expect(purchase.body.message).toBe(CHOOSE_PLAN_FOR_NUMBER_MESSAGE);
    expect(await app.query("SELECT 1 FROM telephony.phone_numbers")).toHaveLength(0);
  });

  it("subscribes at checkout as the web card form does, then buys the number (201) and a missed call is texted", async () => {
    const checkout = await owner.call<{ clientSecret: string }>("POST", "/api/create-subscription", {
      priceId: "professional-monthly",
      billingFrequency: "monthly",
    });
    expect(checkout.status).toBe(200);
    const setup = await owner.call<{ paymentMethodId: string }>("POST", "/api/billing/local/confirm-setup", {
      clientSecret: checkout.body.clientSecret,
      cardNumber: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: 2031,
      cvc: "123",
    });
    expect(setup.status).toBe(200);
    const confirmed = await owner.call("POST", "/api/billing/local/confirm-subscription", {
      clientSecret: checkout.body.clientSecret,
      paymentMethodId: setup.body.paymentMethodId,
    });
    expect(confirmed.status).toBe(200);
    expect((await billing()).subscription).toMatchObject({ status: "trialing", plan: "professional" });
    await waitUntil(() => entitlementOf("trialing"), "telephony to learn the subscription started");

    dedicatedNumber = await availableNumber();
    expect((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status).toBe(201);
    await owner.registerUsTexting(); // carriers block texts to US callers from unregistered numbers

    const { texts } = await missedCall(8_000);
    expect(texts).toHaveLength(1);
  });

  it("cancels and lets the period end (moved clock): the next missed call is recorded, not texted, suppressed as no_subscription, and Your Results counts it", async () => {
    expect((await owner.call("POST", "/api/billing/cancel")).status).toBe(200);
    const end = (await billing()).subscription!.current_period_end * 1000;
    app.clock.set(new Date(end + 60_000));
    await owner.login();
    await waitUntil(async () => (await billing()).subscription?.status === "canceled", "the period to end");
    await waitUntil(
      async () =>
        (
          await app.query<{ status: string }>(
            "SELECT status FROM messaging.subscriptions s JOIN identity.users u ON u.id::text = s.user_id WHERE u.email = $1",
            [owner.email],
          )
        )[0]?.status === "canceled",
      "messaging to learn the subscription ended",
    );

    const { caller, texts } = await missedCall(2_000);

    expect(texts).toEqual([]);
    const [suppressed] = await recorder.waitFor("SmsSuppressed", 1);
    expect(suppressed!.payload).toMatchObject({ recipientNumber: caller, reason: messagingV1.SuppressionReason.NO_SUBSCRIPTION });
    await waitUntil(async () => {
      const summary = await owner.call<{ textBack: { missed: number; notTexted: { suppressed: Record<string, number> } } }>("GET", "/api/analytics/summary");
      return summary.status === 200 && summary.body.textBack.notTexted.suppressed.no_subscription === 1;
    }, "Your Results to count the call not texted for want of a subscription");
    expect((await owner.call<{ message: string }>("POST", "/api/phone-numbers/purchase", { phoneNumber: await availableNumber() })).status).toBe(409);
  });
});
