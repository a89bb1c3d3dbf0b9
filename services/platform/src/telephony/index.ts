// The telephony provider interface and its settings, for services and composition roots. Kept
// out of the platform's main index so that code which only needs the provider type stays small.
// The Twilio adapter is @rebound/twilio; the carrier simulator is @rebound/carrier-simulator.
export * from "./telephony-provider";
export * from "./telephony-config";
export * from "./texting-registration-provider";
