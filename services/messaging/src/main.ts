import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("messaging");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform").then(async ({ runServiceMain }) => {
  const { createMessagingService } = await import("./service");
  await runServiceMain("messaging", (runtime) => createMessagingService(runtime));
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
