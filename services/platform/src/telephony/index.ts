// The telephony provider interface and the Twilio adapter, for composition roots. Kept out of
// the platform's main index so a service that only needs the provider type does not load the
// Twilio SDK. The carrier simulator is its own package (@rebound/carrier-simulator).
export * from "./telephony-provider";
export * from "./telephony-config";
export * from "./status-callback-params";
export { TwilioTelephonyProvider, type TwilioProviderOptions } from "./twilio/twilio-provider";
