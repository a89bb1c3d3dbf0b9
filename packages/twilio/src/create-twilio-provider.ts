import type { TelephonyConfig } from "@rebound/providers/telephony";
import { TwilioTextingRegistrationProvider, type RegistrationLogger } from "./texting-registration/twilio-texting-registration-provider";
import { TwilioTelephonyProvider } from "./twilio-provider";

/**
 * The Twilio provider from the telephony settings: what production entries build (they hold no
 * simulator), so TWILIO_ACCOUNT_SID is required. The dev entries choose between this and the carrier
 * simulator (@rebound/carrier-simulator's createTelephonyProvider).
 */
export function createTwilioProvider(
  config: Pick<TelephonyConfig, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_REQUEST_TIMEOUT_MS" | "TWILIO_LOOKUP_TIMEOUT_MS" | "TWILIO_API_BASE_URL">,
): TwilioTelephonyProvider {
  if (!config.TWILIO_ACCOUNT_SID) {
    throw new Error("TWILIO_ACCOUNT_SID is not set: production entries run on Twilio only (the carrier simulator is in the dev entry, main.dev.ts)");
  }
  return new TwilioTelephonyProvider({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    timeoutMs: config.TWILIO_REQUEST_TIMEOUT_MS,
    lookupTimeoutMs: config.TWILIO_LOOKUP_TIMEOUT_MS,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
  });
}

/**
 * Twilio's texting registration side (A2P 10DLC on subaccounts) from the telephony settings and our
 * primary customer profile (BU..., Twilio-approved ISV). Without the profile: undefined, and a
 * warning (numbers are bought in the main account, the registration API answers 503).
 */
export function createTwilioTextingRegistration(
  config: Pick<TelephonyConfig, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_REQUEST_TIMEOUT_MS" | "TWILIO_API_BASE_URL">,
  primaryCustomerProfileSid: string | undefined,
  logger: RegistrationLogger & { warn(message: string): void; child(bindings: Record<string, unknown>): RegistrationLogger },
): TwilioTextingRegistrationProvider | undefined {
  if (!primaryCustomerProfileSid || !config.TWILIO_ACCOUNT_SID) {
    logger.warn("TWILIO_PRIMARY_CUSTOMER_PROFILE_SID is unset: US texting registration is off, numbers are bought in the main account");
    return undefined;
  }
  return new TwilioTextingRegistrationProvider({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    primaryCustomerProfileSid,
    timeoutMs: config.TWILIO_REQUEST_TIMEOUT_MS,
    ...(config.TWILIO_API_BASE_URL ? { apiBaseUrl: config.TWILIO_API_BASE_URL } : {}),
    logger: logger.child({ module: "texting-registration" }),
  });
}
