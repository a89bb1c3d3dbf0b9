import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("identity");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform").then(async ({ createMailer, loadConfig, mailConfigSchema, runServiceMain }) => {
  const { createIdentityService } = await import("./service");
  await runServiceMain("identity", (runtime) =>
    createIdentityService(runtime, { mailer: createMailer(loadConfig(mailConfigSchema, { ...process.env, DATA_DIR: runtime.config.DATA_DIR })) }),
  );
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
