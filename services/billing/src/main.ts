import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("billing");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform").then(async ({ runServiceMain }) => {
  const { createBillingService } = await import("./service");
  await runServiceMain("billing", (runtime) => createBillingService(runtime));
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
