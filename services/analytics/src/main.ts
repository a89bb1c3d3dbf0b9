import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("analytics");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ runServiceMain }) => {
    const { createAnalyticsService } = await import("./service.js");
    await runServiceMain("analytics", (runtime) => createAnalyticsService(runtime));
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
