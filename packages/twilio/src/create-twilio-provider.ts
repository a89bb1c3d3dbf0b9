import type { TelephonyConfig } from "@rebound/providers/telephony";
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
