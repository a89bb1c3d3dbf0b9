import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("identity");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform").then(async ({ runServiceMain }) => {
  const { createIdentityService } = await import("./service");
  await runServiceMain("identity", (runtime) => createIdentityService(runtime));
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
