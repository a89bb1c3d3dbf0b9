import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("identity");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createMailer, mailConfigSchema } = await import("@rebound/platform/mail");
    const { createIdentityService } = await import("./service.js");
    await runServiceMain(
      "identity",
      (runtime) =>
        createIdentityService(runtime, { mailer: createMailer(loadConfig(mailConfigSchema, { ...process.env, DATA_DIR: runtime.config.DATA_DIR })) }),
      { providers: ["mail"] },
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
