// Telephony adapters for composition roots and tests. Kept out of the platform's
// main index so a service that only needs the TelephonyProvider type does not load
// the Twilio SDK.
export * from "./telephony-provider";
export * from "./telephony-config";
export * from "./create-telephony-provider";
export { TwilioTelephonyProvider, type TwilioProviderOptions } from "./twilio/twilio-provider";
export { CarrierSimulator, type CarrierSimulatorOptions } from "./simulator/carrier-simulator";
export { FileJournal, MemoryJournal, type CarrierJournal } from "./simulator/carrier-journal";
export { createSimulatorRouter } from "./simulator/simulator-router";
