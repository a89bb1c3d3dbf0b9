// Process bootstrap: telemetry first, then the rest. Imports no express or kafkajs (the entries
// load those after telemetry started).
export { runMain } from "./run-main";
export { startTelemetry, stopTelemetry } from "./start-telemetry";
