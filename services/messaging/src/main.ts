import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("messaging");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createMessagingService } = await import("./service.js");
    const { createTelephonyProvider, remoteSimulatorFromEnv } = await import("@rebound/carrier-simulator");
    const { telephonyConfigSchema } = await import("@rebound/platform/telephony");
    const { createMailer, mailConfigSchema } = await import("@rebound/platform/mail");
    await runServiceMain(
      "messaging",
      (runtime) => {
        const telephony = loadConfig(telephonyConfigSchema);
        // With SIMULATOR_URL, the telephony service's carrier simulator (one simulator for every process).
        const provider = remoteSimulatorFromEnv() ?? createTelephonyProvider({ ...telephony, ...runtime.config }, { logger: runtime.logger });
        const mailer = createMailer(loadConfig(mailConfigSchema));
        return createMessagingService(runtime, { provider, mailer, telephony });
      },
      { providers: ["telephony", "mail"] },
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
