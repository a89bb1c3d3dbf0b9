import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("telephony");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform").then(async ({ runServiceMain }) => {
  const { createTelephonyService } = await import("./service");
  await runServiceMain("telephony", (runtime) => createTelephonyService(runtime));
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
