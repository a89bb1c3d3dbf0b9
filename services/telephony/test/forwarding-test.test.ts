import { telephonyV1 } from "@rebound/contracts";
import { TelephonyHarness } from "./telephony-harness";

const BUSINESS_PHONE = "+12129870001";

describe("call forwarding test (component)", () => {
  const harness = new TelephonyHarness();
  let dedicated: string;

  beforeAll(async () => {
    await harness.start();
    await harness.createBusiness("biz-1", "user-1", { businessPhone: BUSINESS_PHONE });
    await harness.createBusiness("biz-2", "user-2");
    const [number] = await harness.simulator.searchLocalNumbers("512", { limit: 1 });
    dedicated = number?.phoneNumber ?? "";
    expect((await harness.purchase("user-1", dedicated)).status).toBe(201);
  });

  afterAll(() => harness.stop());

  const runTest = async (userId: string, body: unknown) => {
    const response = await fetch(`${harness.url}/api/test/call-forwarding`, {
      method: "POST",
      headers: { "content-type": "application/json", ...harness.userHeader(userId) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("given forwarding set on the business phone, when testing, then success, a recorded test call without CallMissed, and ForwardingTestCompleted", async () => {
    harness.simulator.phones.setForwarding(BUSINESS_PHONE, dedicated);

    const result = await runTest("user-1", { phoneNumber: "(212) 987-0001" });

    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      success: true,
      message: "Call forwarding is working",
      interpretation: expect.stringContaining("Your setup is working correctly!"),
    });
    const [completed] = await harness.recorder.waitFor("ForwardingTestCompleted", 1);
    expect(completed?.payload).toMatchObject({ businessId: "biz-1", status: telephonyV1.ForwardingTestStatus.SUCCESS, testedNumber: BUSINESS_PHONE });
    // CallReceived is on the calls topic, read apart from the telephony topic's ForwardingTestCompleted: it may come second.
    const testCalls = (await harness.recorder.waitFor("CallReceived", 1)).filter((event) => event.payload.purpose === telephonyV1.CallPurpose.FORWARDING_TEST);
    expect(testCalls).toHaveLength(1);
    expect(testCalls[0]?.payload).toMatchObject({ callerNumber: "+15005550006", toNumber: dedicated });
    expect(harness.recorder.of("CallMissed")).toHaveLength(0);
  });

  it("given no forwarding, when testing, then failed soon after the test call rang out, with what to check", async () => {
    harness.simulator.phones.setForwarding(BUSINESS_PHONE, null);
    const started = Date.now();

    const result = await runTest("user-1", { phoneNumber: BUSINESS_PHONE });

    expect(result.body).toMatchObject({ success: false, message: "Call forwarding test failed" });
    expect(result.body.interpretation).toContain("rang for 35 seconds without forwarding");
    expect(result.body.interpretation).toContain(`**61*${dedicated}#`);
    expect(Date.now() - started).toBeLessThan(2_000);
    const failures = (await harness.recorder.waitFor("ForwardingTestCompleted", 2)).filter(
      (event) => event.payload.status === telephonyV1.ForwardingTestStatus.FAILED,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]?.payload.interpretation).toBe(result.body.interpretation);
  });

  it("given a phone the carrier cannot reach, when testing, then failed with a hint about the number", async () => {
    const result = await runTest("user-1", { phoneNumber: "+12125550000" });

    expect(result.body).toMatchObject({ success: false, interpretation: expect.stringContaining("We could not reach (212) 555-0000") });
  });

  it("given forwarding pointed at another number, when testing, then it fails once the window passes", async () => {
    harness.simulator.phones.setForwarding(BUSINESS_PHONE, "+15550001111");
    const started = Date.now();

    const result = await runTest("user-1", { phoneNumber: BUSINESS_PHONE });

    expect(result.body).toMatchObject({ success: false });
    expect(result.body.interpretation).toMatch(/was answered|No forwarded call reached/);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it.each([
    [{}, "Phone number is required"],
    [{ phoneNumber: "" }, "Phone number is required"],
    [{ phoneNumber: "call me" }, "Please enter a valid phone number"],
  ])("given body %j, when testing, then 400 %s", async (body, message) => {
    const result = await runTest("user-1", body);

    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message });
  });

  it("given a business without a dedicated number, when testing, then 409 asking to get one first", async () => {
    const result = await runTest("user-2", { phoneNumber: BUSINESS_PHONE });

    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ message: "Please get your dedicated phone number before testing call forwarding." });
  });
});
