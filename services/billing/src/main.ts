import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("billing");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createMailer, mailConfigSchema } = await import("@rebound/platform/mail");
    const { billingConfigSchema, createBillingService, createPaymentProvider } = await import("./service.js");
    const config = loadConfig(billingConfigSchema);
    await runServiceMain(
      "billing",
      (runtime) => {
        const mailer = createMailer(loadConfig(mailConfigSchema, { ...process.env, DATA_DIR: runtime.config.DATA_DIR }));
        const service = createBillingService(runtime, { provider: createPaymentProvider(runtime, config), mailer, config });
        return {
          ...service,
          stop: async () => {
            await service.stop?.();
            await mailer.close();
          },
        };
      },
      { providers: ["payments", "mail"] },
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
