import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("telephony");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createSimulatorRouter, createSimulatorRpcRouter, createTelephonyProvider } = await import("@rebound/carrier-simulator");
    const { telephonyConfigSchema } = await import("@rebound/platform/telephony");
    const { Router } = await import("express");
    const { createTelephonyService } = await import("./service.js");
    const telephonyConfig = loadConfig(telephonyConfigSchema);
    await runServiceMain(
      "telephony",
      (runtime) => {
        const provider = createTelephonyProvider({ ...telephonyConfig, ...runtime.config }, { logger: runtime.logger });
        const service = createTelephonyService(runtime, { provider, telephony: telephonyConfig });
        // The simulator's dev surface lives beside telephony when it is the provider (never in production).
        const simulator = createSimulatorRouter(provider, { nodeEnv: runtime.config.NODE_ENV });
        // Telephony owns the one simulator of distributed mode; the other processes reach it here (SIMULATOR_URL).
        const simulatorRpc = createSimulatorRpcRouter(provider, { nodeEnv: runtime.config.NODE_ENV });
        const router = Router();
        if (service.router) router.use(service.router);
        if (simulator) router.use(simulator);
        if (simulatorRpc) router.use(simulatorRpc);
        return {
          ...service,
          router,
          stop: async () => {
            await service.stop?.();
            await provider.close?.();
          },
        };
      },
      { providers: ["telephony"] },
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
