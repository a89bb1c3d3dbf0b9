// The Twilio adapter, for composition roots: production entries build it with createTwilioProvider,
// dev entries through @rebound/carrier-simulator's createTelephonyProvider (Twilio when configured).
// Services see only the TelephonyProvider interface of @rebound/providers/telephony; the TwiML
// builders are the separate ./twiml subpath.
export { createTwilioProvider, createTwilioTextingRegistration } from "./create-twilio-provider";
export { TwilioTelephonyProvider, lineTypeOf, type TwilioProviderOptions } from "./twilio-provider";
export { statusCallbackParams } from "./status-callback-params";
// US texting registration (A2P 10DLC), the ISV flow on subaccounts: the TextingRegistrationProvider.
export {
  TwilioTextingRegistrationProvider,
  CAMPAIGN_API_VERSION,
  type TwilioTextingRegistrationOptions,
  type RegistrationLogger,
} from "./texting-registration/twilio-texting-registration-provider";
export { TrustHubEvaluationError, type EvaluationFailure } from "./texting-registration/evaluation-error";
export { TRUST_HUB_POLICIES, type AuthorizedRepresentativeRole, type JobPosition } from "./texting-registration/trust-hub-requests";
