import { runMain } from "@rebound/platform/telemetry";

// Production (the image): Stripe only. Telemetry starts first; compose.ts (express, kafkajs) loads after it.
runMain("billing", async () => (await import("./compose.js")).runBilling());
