import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("telephony");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createSimulatorRouter, createTelephonyProvider, telephonyConfigSchema } = await import("@rebound/platform/src/telephony");
    const { Router } = await import("express");
    const { createTelephonyService } = await import("./service");
    const telephonyConfig = loadConfig(telephonyConfigSchema);
    await runServiceMain("telephony", (runtime) => {
      const provider = createTelephonyProvider({ ...telephonyConfig, ...runtime.config }, { logger: runtime.logger });
      const service = createTelephonyService(runtime, { provider });
      // The simulator's dev surface lives beside telephony when it is the provider (never in production).
      const simulator = createSimulatorRouter(provider, { nodeEnv: runtime.config.NODE_ENV });
      const router = Router();
      if (service.router) router.use(service.router);
      if (simulator) router.use(simulator);
      return {
        ...service,
        router,
        stop: async () => {
          await service.stop?.();
          await provider.close?.();
        },
      };
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
