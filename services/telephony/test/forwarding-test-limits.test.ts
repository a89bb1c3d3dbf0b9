import { TelephonyHarness } from "./telephony-harness";

// Issue 16, defect 6: the forwarding test places a call we pay for, so only US/Canadian geographic
// or mobile numbers, and a daily cap per business.
const BUSINESS_PHONE = "+12129870002";

describe("call forwarding test limits (toll fraud)", () => {
  const harness = new TelephonyHarness();
  let dedicated: string;

  beforeAll(async () => {
    await harness.start({ FORWARDING_TEST_DAILY_CAP: 2 });
    await harness.createBusiness("biz-limits", "user-limits", { businessPhone: BUSINESS_PHONE });
    const [number] = await harness.simulator.searchLocalNumbers("512", { limit: 1 });
    dedicated = number?.phoneNumber ?? "";
    expect((await harness.purchase("user-limits", dedicated)).status).toBe(201);
    harness.simulator.phones.setForwarding(BUSINESS_PHONE, dedicated);
  });
  afterAll(() => harness.stop());

  const runTest = async (body: unknown) => {
    const response = await fetch(`${harness.url}/api/test/call-forwarding`, {
      method: "POST",
      headers: { "content-type": "application/json", ...harness.userHeader("user-limits") },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it.each([
    ["a UK premium-rate number", "+44 909 879 0000"],
    ["a UK mobile", "+44 7911 123456"],
    ["a US premium-rate (900) number", "+1 900 555 1234"],
    ["a US toll-free number", "+1 800 555 1234"],
  ])("given %s, then 400 and no call is placed", async (_what, phoneNumber) => {
    const result = await runTest({ phoneNumber });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: "Call forwarding can be tested only with a US or Canadian landline or mobile number" });
    expect(harness.recorder.of("ForwardingTestCompleted")).toHaveLength(0);
  });

  it("given the daily cap reached, then 429 and no further call", async () => {
    expect((await runTest({ phoneNumber: BUSINESS_PHONE })).status).toBe(200);
    expect((await runTest({ phoneNumber: "(212) 987-0002" })).status).toBe(200);

    const third = await runTest({ phoneNumber: BUSINESS_PHONE });

    expect(third.status).toBe(429);
    expect(third.body.message).toBe("You can test call forwarding 2 times a day. Please try again tomorrow.");
    expect(await harness.recorder.waitFor("ForwardingTestCompleted", 2)).toHaveLength(2);
  });
});
