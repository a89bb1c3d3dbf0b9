import { runMain } from "@rebound/platform/telemetry";

// Production (the image): Twilio only. Telemetry starts first; compose.ts (express, kafkajs) loads after it.
runMain("messaging", async () => (await import("./compose.js")).runMessaging());
