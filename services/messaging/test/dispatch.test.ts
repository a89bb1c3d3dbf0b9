import { billingV1, commonV1, messagingV1 } from "@rebound/contracts";
import { FakeClock } from "@rebound/testing";
import { subscriptionChanged } from "./support/events";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

const MONDAY_10AM_NEW_YORK = "2026-01-05T15:00:00Z";
const SATURDAY_10AM_NEW_YORK = "2026-01-10T15:00:00Z";
const CALLER = "+15551230001";

describe("missed-call dispatch", () => {
  let h: Harness;
  const clock = new FakeClock(MONDAY_10AM_NEW_YORK);
  let call = 0;

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());
  beforeEach(() => clock.set(MONDAY_10AM_NEW_YORK));

  async function business(overrides: Parameters<typeof newBusiness>[0] = {}) {
    const created = newBusiness(overrides);
    await h.seedBusiness(created, created.dedicated);
    return created;
  }

  async function missedCall(b: { businessId: string; dedicated: string }, from = CALLER) {
    call += 1;
    const callId = `call-${call}`;
    await h.missedCall({ businessId: b.businessId, callId, from, to: b.dedicated });
    return callId;
  }

  const suppressedReason = async (callId: string) => (await h.eventOf("SmsSuppressed", (payload) => payload.callId === callId)).reason;
  const sendsFor = (b: { dedicated: string }) => h.provider.calls.filter((c) => c.request.from === b.dedicated);

  it("texts the caller the business's message with placeholders filled, from the dedicated number", async () => {
    const b = await business();
    const callId = await missedCall(b);

    const sent = await h.eventOf("SmsSent", (payload) => payload.callId === callId);
    const queued = await h.eventOf("SmsQueued", (payload) => payload.callId === callId);
    expect(sendsFor(b).map((c) => c.request)).toEqual([
      expect.objectContaining({ from: b.dedicated, to: CALLER, body: "Thanks for calling Acme Plumbing! We'll call you back soon." }),
    ]);
    expect(queued).toMatchObject({ kind: messagingV1.SmsKind.MISSED_CALL, recipientNumber: CALLER, senderNumber: b.dedicated });
    const row = await h.db.client.smsLog.findUnique({ where: { callId } });
    expect(row).toMatchObject({ status: "sent", providerSid: sent.providerSid, message: queued.body });
  });

  it("sends exactly one text when the same CallMissed is redelivered and when the call arrives again under a new event id", async () => {
    const b = await business();
    const first = await h.missedCall({ businessId: b.businessId, callId: "call-redelivered", from: CALLER, to: b.dedicated });
    await h.republish(first);
    await h.missedCall({ businessId: b.businessId, callId: "call-redelivered", from: CALLER, to: b.dedicated });

    await h.eventOf("SmsSent", (payload) => payload.callId === "call-redelivered");
    await settle();
    expect(sendsFor(b)).toHaveLength(1);
    expect(h.recorder.of("SmsQueued").filter((e) => e.payload.businessId === b.businessId)).toHaveLength(1);
    expect(h.recorder.of("SmsSuppressed").filter((e) => e.payload.businessId === b.businessId)).toHaveLength(0);
  });

  it("sends the after-hours message when after-hours is on and the business is closed now in its time zone", async () => {
    clock.set(SATURDAY_10AM_NEW_YORK);
    const b = await business({ name: "Acme", settings: { afterHoursEnabled: true } });
    const callId = await missedCall(b);

    const queued = await h.eventOf("SmsQueued", (payload) => payload.callId === callId);
    expect(queued.kind).toBe(messagingV1.SmsKind.AFTER_HOURS);
    expect(queued.body).toBe("Acme is closed. We're back Monday at 9:00 AM.");
  });

  it("sends the normal message when closed but after-hours is off", async () => {
    clock.set(SATURDAY_10AM_NEW_YORK);
    const b = await business({ name: "Acme", settings: { afterHoursEnabled: false } });
    const callId = await missedCall(b);

    const queued = await h.eventOf("SmsQueued", (payload) => payload.callId === callId);
    expect(queued.kind).toBe(messagingV1.SmsKind.MISSED_CALL);
    expect(queued.body).toBe("Thanks for calling Acme! We'll call you back soon.");
  });

  it("suppresses a call for a business it does not know (unknown_business)", async () => {
    const callId = await missedCall({ businessId: "biz-nobody", dedicated: "+15550000000" });
    expect(await suppressedReason(callId)).toBe(messagingV1.SuppressionReason.UNKNOWN_BUSINESS);
  });

  it("never texts the business's own phone or a do-not-text number (own_number)", async () => {
    const b = await business({ phone: "+15550001111", settings: { doNotTextNumbers: ["+15550002222"] } });
    const fromOwnPhone = await missedCall(b, "+15550001111");
    const fromDoNotText = await missedCall(b, "+15550002222");

    expect(await suppressedReason(fromOwnPhone)).toBe(messagingV1.SuppressionReason.OWN_NUMBER);
    expect(await suppressedReason(fromDoNotText)).toBe(messagingV1.SuppressionReason.OWN_NUMBER);
    expect(sendsFor(b)).toHaveLength(0);
  });

  it("does not text while SMS automation is off (inactive)", async () => {
    const b = await business({ settings: { isActive: false } });
    expect(await suppressedReason(await missedCall(b))).toBe(messagingV1.SuppressionReason.INACTIVE);
  });

  it("does not text once billing says the subscription ended (no_subscription)", async () => {
    const b = await business();
    await h.publish("SubscriptionChanged", b.userId, subscriptionChanged(b.userId, billingV1.SubscriptionStatus.CANCELED));
    await waitUntil(async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.status === "canceled");

    expect(await suppressedReason(await missedCall(b))).toBe(messagingV1.SuppressionReason.NO_SUBSCRIPTION);
  });

  it("does not text for an owner who signed up without a card and never subscribed (no_subscription), and texts once they do", async () => {
    const b = await business();
    await h.publish("UserRegistered", b.userId, { userId: b.userId, email: "o@example.com", plan: commonV1.Plan.STARTER, paymentMethodId: "" });
    await waitUntil(async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.status === "none");

    expect(await suppressedReason(await missedCall(b))).toBe(messagingV1.SuppressionReason.NO_SUBSCRIPTION);

    await h.publish("SubscriptionChanged", b.userId, subscriptionChanged(b.userId, billingV1.SubscriptionStatus.TRIALING));
    await waitUntil(async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.status === "trialing");
    const callId = await missedCall(b, "+15551230077");
    await h.eventOf("SmsSent", (payload) => payload.callId === callId);
  });

  it("keeps texting while a past-due payment is retried (the grace period)", async () => {
    const b = await business();
    await h.publish("SubscriptionChanged", b.userId, subscriptionChanged(b.userId, billingV1.SubscriptionStatus.PAST_DUE));
    await waitUntil(async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.status === "past_due");

    const callId = await missedCall(b);
    await h.eventOf("SmsSent", (payload) => payload.callId === callId);
  });

  it("texts a caller once per duplicate window, then again after it", async () => {
    const b = await business({ settings: { duplicateWindowSeconds: 3600 } });
    const first = await missedCall(b);
    await h.eventOf("SmsQueued", (payload) => payload.callId === first);
    const second = await missedCall(b);
    expect(await suppressedReason(second)).toBe(messagingV1.SuppressionReason.DUPLICATE_WINDOW);

    clock.advance(3600 * 1000);
    const third = await missedCall(b);
    await h.eventOf("SmsQueued", (payload) => payload.callId === third);
    expect(sendsFor(b)).toHaveLength(2);
  });

  it("stops at the monthly cap of the plan chosen at sign-up, even when memory lags the database", async () => {
    const b = await business();
    await h.publish("UserRegistered", b.userId, { userId: b.userId, email: "o@example.com", plan: commonV1.Plan.STARTER, paymentMethodId: "pm_card_visa" });
    // Another replica texted 100 callers this month: the database knows, this process's memory does not.
    await h.db.client.monthlyUsage.create({ data: { businessId: b.businessId, month: "2026-01", texted: 100 } });

    expect(await suppressedReason(await missedCall(b))).toBe(messagingV1.SuppressionReason.CAP_REACHED);
    expect(await suppressedReason(await missedCall(b, "+15551239999"))).toBe(messagingV1.SuppressionReason.CAP_REACHED);
    expect(sendsFor(b)).toHaveLength(0);
  });

  it("keeps texting past 100 calls on the Enterprise plan", async () => {
    const b = await business();
    await h.publish("UserRegistered", b.userId, { userId: b.userId, email: "o@example.com", plan: commonV1.Plan.ENTERPRISE, paymentMethodId: "pm_card_visa" });
    await waitUntil(async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.plan === "enterprise");
    await h.db.client.monthlyUsage.create({ data: { businessId: b.businessId, month: "2026-01", texted: 100 } });

    const callId = await missedCall(b);
    await h.eventOf("SmsSent", (payload) => payload.callId === callId);
    const usage = await h.db.client.monthlyUsage.findUnique({ where: { businessId_month: { businessId: b.businessId, month: "2026-01" } } });
    expect(usage?.texted).toBe(101);
  });
});
