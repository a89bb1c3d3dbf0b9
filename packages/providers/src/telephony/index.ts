// The telephony provider interface (calls, numbers, texts, US texting registration) and its
// settings, for services and composition roots.
// The Twilio adapter is @rebound/twilio; the carrier simulator is @rebound/carrier-simulator.
export * from "./telephony-provider";
export * from "./telephony-config";
export * from "./texting-registration-provider";
