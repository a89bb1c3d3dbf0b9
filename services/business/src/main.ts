import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("business");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ runServiceMain }) => {
    const { createBusinessService } = await import("./service.js");
    await runServiceMain("business", (runtime) => createBusinessService(runtime));
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
