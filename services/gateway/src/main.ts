import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("gateway");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform").then(async ({ runServiceMain }) => {
  const { createGatewayService } = await import("./service");
  await runServiceMain("gateway", (runtime) => createGatewayService(runtime));
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
