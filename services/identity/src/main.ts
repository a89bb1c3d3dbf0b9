import { runMain } from "@rebound/platform/telemetry";

// Telemetry starts first; compose.ts (express, kafkajs) loads after it.
runMain("identity", async () => (await import("./compose.js")).runIdentity());
