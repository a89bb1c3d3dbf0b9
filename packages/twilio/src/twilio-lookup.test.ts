import { startFakeTwilioApi, type FakeTwilioApi } from "@rebound/testing/telephony";
import { lineTypeOf, TwilioTelephonyProvider } from "./twilio-provider";

describe("Twilio adapter: line type lookups (Lookup v2) against the fake Twilio API", () => {
  let fake: FakeTwilioApi;
  let provider: TwilioTelephonyProvider;

  beforeAll(async () => {
    fake = await startFakeTwilioApi();
    provider = new TwilioTelephonyProvider({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      timeoutMs: 2_000,
      lookupTimeoutMs: 500,
      apiBaseUrl: fake.url,
    });
  });
  afterAll(async () => {
    await provider.close();
    await fake.close();
  });

  it("given a mobile and a landline, when looked up, then each line type, asking Twilio for line_type_intelligence", async () => {
    await expect(provider.lookupLineType("+14155550142")).resolves.toBe("mobile");
    await expect(provider.lookupLineType("+14155551111")).resolves.toBe("landline");
    expect(fake.lookups).toEqual([
      { phoneNumber: "+14155550142", fields: "line_type_intelligence" },
      { phoneNumber: "+14155551111", fields: "line_type_intelligence" },
    ]);
  });

  it("given Twilio slower than the lookup timeout, when looked up, then a retryable timeout error soon after the timeout", async () => {
    const slow = await startFakeTwilioApi({ lookupDelayMs: 2_000 });
    const impatient = new TwilioTelephonyProvider({
      accountSid: slow.accountSid,
      authToken: slow.authToken,
      timeoutMs: 5_000,
      lookupTimeoutMs: 150,
      apiBaseUrl: slow.url,
    });
    const started = Date.now();

    const error = await impatient.lookupLineType("+14155550142").catch((caught: unknown) => caught);
    const elapsed = Date.now() - started;
    await impatient.close();
    await slow.close();

    expect(error).toMatchObject({ name: "TelephonyProviderError", retryable: true });
    expect(elapsed).toBeLessThan(1_000);
  });

  it("given Twilio refuses, when looked up, then the error carries Twilio's code", async () => {
    fake.injectFailure({ resource: "Lookups", status: 404, code: 20404, message: "The requested resource was not found" });

    await expect(provider.lookupLineType("+14155550142")).rejects.toMatchObject({ code: "20404", retryable: false });
  });

  it.each([
    ["mobile", "mobile"],
    ["landline", "landline"],
    ["fixedVoip", "voip"],
    ["nonFixedVoip", "voip"],
    ["tollFree", "other"],
    ["personal", "other"],
    ["unknown", undefined],
    [null, undefined],
    [undefined, undefined],
  ])("maps Twilio's type %s to %s", (type, expected) => {
    expect(lineTypeOf(type)).toBe(expected);
  });
});
