import { billingV1 } from "@rebound/contracts";
import { CHOOSE_PLAN_FOR_NUMBER_MESSAGE } from "@rebound/contracts/domain";
import { TelephonyHarness } from "./telephony-harness";

const { SubscriptionStatus } = billingV1;

describe("a number and the voice answer need a subscription in good standing (component)", () => {
  const harness = new TelephonyHarness();

  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  const numberIn = async (areaCode: string) => (await harness.simulator.searchLocalNumbers(areaCode, { limit: 1 }))[0]?.phoneNumber ?? "";
  const statusOf = (userId: string) => harness.service.deps.sync.directory.entitlementOf(userId);

  it("given an owner who signed up without a card, when buying a number, then 402 asking for a plan and nothing is bought", async () => {
    await harness.createBusiness("biz-nocard", "user-nocard", { withoutCard: true });
    const before = harness.simulator.state.activeNumberList().length;

    const response = await harness.purchase("user-nocard", await numberIn("212"));

    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ message: CHOOSE_PLAN_FOR_NUMBER_MESSAGE, code: "PAYMENT_REQUIRED" });
    expect(harness.simulator.state.activeNumberList()).toHaveLength(before);
    expect(harness.recorder.of("PhoneNumberPurchased").filter((event) => event.key === "biz-nocard")).toHaveLength(0);
  });

  it("given that owner then subscribes at checkout, when buying a number, then 201", async () => {
    await harness.subscriptionChanged("user-nocard", SubscriptionStatus.TRIALING, new Date());
    await harness.until(() => statusOf("user-nocard") === "trialing");

    const response = await harness.purchase("user-nocard", await numberIn("212"));

    expect(response.status).toBe(201);
  });

  it("given billing's word arrived before the sign-up's, when UserRegistered comes late, then billing's status stays", async () => {
    await harness.subscriptionChanged("user-late", SubscriptionStatus.CANCELED, new Date());
    await harness.until(() => statusOf("user-late") === "canceled");
    await harness.createBusiness("biz-late", "user-late");

    expect(statusOf("user-late")).toBe("canceled");
    await expect(harness.service.deps.entitlements.findByUser("user-late")).resolves.toEqual({ userId: "user-late", status: "canceled" });
    expect((await harness.purchase("user-late", await numberIn("305"))).status).toBe(402);
  });

  it("given a subscription past due (payment being retried), when buying a number, then 201: the grace period still serves", async () => {
    await harness.createBusiness("biz-pastdue", "user-pastdue");
    await harness.subscriptionChanged("user-pastdue", SubscriptionStatus.PAST_DUE, new Date());
    await harness.until(() => statusOf("user-pastdue") === "past_due");

    expect((await harness.purchase("user-pastdue", await numberIn("415"))).status).toBe(201);
  });

  it("given an owner whose subscription was canceled, when a caller's call is forwarded, then the answer promises no text", async () => {
    await harness.createBusiness("biz-ended", "user-ended");
    const dedicated = await numberIn("718");
    expect((await harness.purchase("user-ended", dedicated)).status).toBe(201);
    // Registered for US texting: until the subscription ends, its US callers are promised a text.
    await harness.registerTexting("user-ended");
    const caller = "+15551239876";
    const before = await harness.simulator.phones.placeCall({ from: caller, to: dedicated, callSid: "CA0000000000000000000000000000e001" });
    await harness.subscriptionChanged("user-ended", SubscriptionStatus.CANCELED, new Date());
    await harness.until(() => statusOf("user-ended") === "canceled");

    const after = await harness.simulator.phones.placeCall({ from: caller, to: dedicated, callSid: "CA0000000000000000000000000000e002" });

    expect(before.webhook.body).toContain(harness.service.deps.config.VOICE_ANSWER_MESSAGE);
    expect(after.webhook.body).toContain(harness.service.deps.config.VOICE_NO_TEXT_MESSAGE);
    expect(after.webhook.body).not.toContain(harness.service.deps.config.VOICE_ANSWER_MESSAGE);
  });

  it("given a restart, when the directory loads, then it knows every status from its own table", async () => {
    await harness.service.deps.sync.load();

    expect(statusOf("user-ended")).toBe("canceled");
    expect(statusOf("user-nocard")).toBe("trialing");
  });
});
