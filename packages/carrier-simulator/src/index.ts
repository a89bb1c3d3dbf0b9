// The carrier simulator: a dev-only stand-in for Twilio (numbers, signed webhooks, a phone
// inbox), and the composition roots' choice between it and Twilio.
export * from "./create-telephony-provider";
export { CarrierSimulator, type CarrierSimulatorOptions } from "./carrier-simulator";
export { FileJournal, MemoryJournal, type CarrierJournal } from "./carrier-journal";
export { createSimulatorRouter } from "./simulator-router";
export { createSimulatorRpcRouter, RemoteSimulatorProvider, remoteSimulatorFromEnv, remoteSimulatorConfigSchema } from "./remote-simulator";
export { startSimulatorThread, type SimulatorThread } from "./simulator-thread";
