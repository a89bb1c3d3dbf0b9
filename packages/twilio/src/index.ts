// The Twilio adapter, for composition roots (through @rebound/carrier-simulator's
// createTelephonyProvider). Services see only the TelephonyProvider interface of
// @rebound/platform/telephony; the TwiML builders are the separate ./twiml subpath.
export { TwilioTelephonyProvider, lineTypeOf, type TwilioProviderOptions } from "./twilio-provider";
export { statusCallbackParams } from "./status-callback-params";
