import { loadConfig } from "@rebound/platform";
import { telephonyConfigSchema } from "@rebound/providers/telephony";
import { createTwilioProvider } from "./create-twilio-provider";

describe("createTwilioProvider (what production entries build)", () => {
  it("given no TWILIO_ACCOUNT_SID, then it refuses, pointing at the dev entry", () => {
    expect(() => createTwilioProvider(loadConfig(telephonyConfigSchema, {}))).toThrow(/TWILIO_ACCOUNT_SID is not set.*main\.dev\.ts/);
  });

  it("given Twilio's settings, then it is the Twilio provider", () => {
    const config = loadConfig(telephonyConfigSchema, {
      TWILIO_ACCOUNT_SID: `AC${"b".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "a-real-auth-token",
      TWILIO_TEST_CALLER_NUMBER: "+14155550100",
    });
    expect(createTwilioProvider(config).kind).toBe("twilio");
  });
});
