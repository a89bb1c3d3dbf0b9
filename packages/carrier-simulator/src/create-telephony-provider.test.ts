import { loadConfig, ConfigError } from "@rebound/platform";
import { createSilentLogger } from "@rebound/platform";
import { SIMULATOR_A2P_DEFAULTS, type CarrierSimulator } from "./carrier-simulator";
import { createTelephonyProvider } from "./create-telephony-provider";
import { DEV_TWILIO_AUTH_TOKEN, SIMULATOR_TEST_CALLER_NUMBER, telephonyConfigSchema } from "@rebound/providers/telephony";

const SID = `AC${"a".repeat(32)}`;
const platform = { PUBLIC_BASE_URL: "http://localhost:3000", DATA_DIR: "memory", NODE_ENV: "development" as const };

describe("telephonyConfigSchema", () => {
  it("given nothing set, when loading, then the simulator defaults apply", () => {
    const config = loadConfig(telephonyConfigSchema, {});

    expect(config).toMatchObject({
      TWILIO_AUTH_TOKEN: DEV_TWILIO_AUTH_TOKEN,
      TWILIO_TEST_CALLER_NUMBER: SIMULATOR_TEST_CALLER_NUMBER,
      SMS_MESSAGES_PER_SECOND: 1_000,
      TWILIO_REQUEST_TIMEOUT_MS: 5_000,
    });
    expect(createTelephonyProvider({ ...config, ...platform }, { logger: createSilentLogger() }).kind).toBe("simulator");
  });

  it("given the SIMULATOR_A2P_* settings, when loading, then their defaults are the simulator's and set values reach it", async () => {
    const defaults = loadConfig(telephonyConfigSchema, {});
    expect({
      a2pBrandApprovalMs: defaults.SIMULATOR_A2P_BRAND_APPROVAL_MS,
      a2pCampaignApprovalMs: defaults.SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS,
      a2pEnforcement: defaults.SIMULATOR_A2P_ENFORCEMENT,
    }).toEqual(SIMULATOR_A2P_DEFAULTS);

    const config = loadConfig(telephonyConfigSchema, {
      SIMULATOR_A2P_BRAND_APPROVAL_MS: "300",
      SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "400",
      SIMULATOR_A2P_ENFORCEMENT: "true",
    });
    expect(config).toMatchObject({ SIMULATOR_A2P_BRAND_APPROVAL_MS: 300, SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: 400, SIMULATOR_A2P_ENFORCEMENT: true });
    const simulator = createTelephonyProvider({ ...config, ...platform }, { logger: createSilentLogger() }) as CarrierSimulator;
    expect(simulator.a2pEnforcement).toBe(true);
    await simulator.close();
  });

  it("given a SID without token and test caller, when loading, then every missing key is reported", () => {
    const error = (() => {
      try {
        loadConfig(telephonyConfigSchema, { TWILIO_ACCOUNT_SID: SID });
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();

    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      "TWILIO_AUTH_TOKEN: is required when TWILIO_ACCOUNT_SID is set",
      "TWILIO_TEST_CALLER_NUMBER: is required when TWILIO_ACCOUNT_SID is set",
    ]);
  });

  it("given a SID with the dev token, when loading, then it is refused", () => {
    expect(() =>
      loadConfig(telephonyConfigSchema, { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: DEV_TWILIO_AUTH_TOKEN, TWILIO_TEST_CALLER_NUMBER: "+15005550006" }),
    ).toThrow("TWILIO_AUTH_TOKEN: must be the account's real auth token");
  });

  it("given a complete Twilio setup, when loading, then Twilio is chosen with one message a second per sender", () => {
    const config = loadConfig(telephonyConfigSchema, {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: "secret-token-1",
      TWILIO_TEST_CALLER_NUMBER: "+15005550006",
    });

    expect(config.SMS_MESSAGES_PER_SECOND).toBe(1);
    expect(createTelephonyProvider({ ...config, ...platform }, { logger: createSilentLogger() }).kind).toBe("twilio");
  });
});
