// The carrier simulator: a dev-only stand-in for Twilio (numbers, signed webhooks, a phone
// inbox), and the composition roots' choice between it and Twilio.
export * from "./create-telephony-provider";
export { CarrierSimulator, SIMULATOR_A2P_DEFAULTS, type A2pDueResult, type CarrierSimulatorOptions } from "./carrier-simulator";
export { A2P_VERIFICATION_CONFIRMED, A2P_VERIFICATION_SENDER, A2P_VERIFICATION_TEXT } from "./a2p/a2p-records";
export type { A2pSnapshot } from "./a2p/a2p-snapshot";
export type { SimulatedBrandSnapshot } from "./a2p/a2p-status";
export { FileJournal, MemoryJournal, type CarrierJournal } from "./carrier-journal";
export { createSimulatorRouter } from "./simulator-router";
export { createSimulatorRpcRouter, RemoteSimulatorProvider, remoteSimulatorFromEnv, remoteSimulatorConfigSchema } from "./remote-simulator";
export { startSimulatorThread, type SimulatorThread } from "./simulator-thread";
