import { timestampDate } from "@rebound/contracts";
import { TelephonyHarness } from "./telephony-harness";

describe("phone numbers API (component)", () => {
  const harness = new TelephonyHarness();

  beforeAll(async () => {
    await harness.start();
    await harness.createBusiness("biz-1", "user-1");
    await harness.createBusiness("biz-2", "user-2");
  });

  afterAll(() => harness.stop());

  const search = (areaCode: string, userId = "user-1") => fetch(`${harness.url}/api/phone-numbers/search/${areaCode}`, { headers: harness.userHeader(userId) });

  it("given a 3-digit area code, when searching, then numbers with locality, region and capabilities come back", async () => {
    const response = await search("415");

    expect(response.status).toBe(200);
    const body = (await response.json()) as { numbers: { phoneNumber: string; locality: string; region: string; capabilities: object }[] };
    expect(body.numbers.length).toBeGreaterThan(0);
    expect(body.numbers[0]).toEqual({
      phoneNumber: expect.stringMatching(/^\+1415\d{7}$/),
      locality: "San Francisco",
      region: "CA",
      capabilities: { voice: true, sms: true, mms: expect.any(Boolean) },
    });
  });

  it.each(["41", "4155", "abc", "41a"])("given area code %s, when searching, then 400 with the spec's message", async (areaCode) => {
    const response = await search(areaCode);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Please enter a valid 3-digit area code" });
  });

  it("given no signed-in user, when searching, then 401", async () => {
    const response = await fetch(`${harness.url}/api/phone-numbers/search/415`);

    expect(response.status).toBe(401);
  });

  it("given a business without a number, when purchasing one, then 201, the carrier has our webhook URLs and PhoneNumberPurchased is emitted", async () => {
    const [number] = await harness.simulator.searchLocalNumbers("212", { limit: 1 });
    const phoneNumber = number?.phoneNumber ?? "";

    const response = await harness.purchase("user-1", phoneNumber);

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true, phoneNumber });
    const bought = harness.simulator.state.activeNumber(phoneNumber);
    expect(bought).toMatchObject({
      voiceUrl: `${harness.url}/webhooks/twilio/voice`,
      smsUrl: `${harness.url}/webhooks/twilio/sms`,
      statusCallbackUrl: `${harness.url}/webhooks/twilio/call-status`,
    });
    const [event] = await harness.recorder.waitFor("PhoneNumberPurchased", 1);
    expect(event?.key).toBe("biz-1");
    expect(event?.payload).toMatchObject({ businessId: "biz-1", userId: "user-1", phoneNumber, providerSid: bought?.sid, country: "US" });
    const purchasedAt = event?.payload.purchasedAt;
    expect(purchasedAt && Math.abs(timestampDate(purchasedAt).getTime() - Date.now())).toBeLessThan(10_000);
  });

  it("given a business that has a number, when purchasing a second, then 409 with a clear message and nothing is bought", async () => {
    const before = harness.simulator.state.activeNumberList().length;

    const response = await harness.purchase("user-1", "+12125550199");

    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^Your business already has a dedicated phone number \(\(212\) \d{3}-\d{4}\)\. Each business can have only one\.$/,
    );
    expect(harness.simulator.state.activeNumberList()).toHaveLength(before);
    expect(harness.recorder.of("PhoneNumberPurchased")).toHaveLength(1);
  });

  it("given a number another business bought, when purchasing it, then 409 asking for another number", async () => {
    const taken = harness.service.deps.sync.directory.dedicatedNumberOf("biz-1") ?? "";

    const response = await harness.purchase("user-2", taken);

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: "That phone number is no longer available. Please search again and choose another number." });
  });

  it.each([
    [{}, "Phone number is required"],
    [{ phoneNumber: "  " }, "Phone number is required"],
    [{ phoneNumber: "12" }, "Please enter a valid phone number"],
  ])("given body %j, when purchasing, then 400 %s", async (body, message) => {
    const response = await fetch(`${harness.url}/api/phone-numbers/purchase`, {
      method: "POST",
      headers: { "content-type": "application/json", ...harness.userHeader("user-2") },
      body: JSON.stringify(body),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });

  it("given a user without a business, when purchasing, then 404 and nothing is bought", async () => {
    const response = await harness.purchase("user-without-business", "+12125550177");

    expect(response.status).toBe(404);
    expect(harness.simulator.state.activeNumber("+12125550177")).toBeUndefined();
  });
});
