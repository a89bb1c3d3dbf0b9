// The Twilio adapter, for composition roots: production entries build it with createTwilioProvider,
// dev entries through @rebound/carrier-simulator's createTelephonyProvider (Twilio when configured).
// Services see only the TelephonyProvider interface of @rebound/platform/telephony; the TwiML
// builders are the separate ./twiml subpath.
export { createTwilioProvider } from "./create-twilio-provider";
export { TwilioTelephonyProvider, lineTypeOf, type TwilioProviderOptions } from "./twilio-provider";
export { statusCallbackParams } from "./status-callback-params";
