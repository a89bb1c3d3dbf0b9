import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("messaging");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createMessagingService } = await import("./service");
    const { createTelephonyProvider, telephonyConfigSchema } = await import("@rebound/platform/src/telephony");
    const { createMailer } = await import("@rebound/platform/src/mail/create-mailer");
    const { mailConfigSchema } = await import("@rebound/platform/src/mail/mail-config");
    await runServiceMain("messaging", (runtime) => {
      const provider = createTelephonyProvider(
        { ...loadConfig(telephonyConfigSchema), ...runtime.config },
        { logger: runtime.logger },
      );
      const mailer = createMailer(loadConfig(mailConfigSchema));
      return createMessagingService(runtime, { provider, mailer });
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
