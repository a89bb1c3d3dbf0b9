import { runMain } from "@rebound/platform/telemetry";

// Development (the dev image, start:distributed): the carrier simulator unless TWILIO_ACCOUNT_SID is set.
// Telephony hosts the one simulator of distributed mode: its dev surface (/dev/simulator/*, through the
// gateway) and its RPC (/internal/simulator/*, which messaging's dev entry reaches with SIMULATOR_URL).
runMain("telephony", async () => {
  const [{ runTelephony, TWILIO }, simulator] = await Promise.all([import("./compose.js"), import("@rebound/carrier-simulator")]);
  await runTelephony({
    requires: [],
    create: (runtime, telephony) => {
      // Twilio (or a fake of its API) as in production, its texting registration side included.
      if (telephony.TWILIO_ACCOUNT_SID) return TWILIO.create(runtime, telephony);
      const provider = simulator.createTelephonyProvider({ ...telephony, ...runtime.config }, { logger: runtime.logger });
      const nodeEnv = { nodeEnv: runtime.config.NODE_ENV };
      const routers = [simulator.createSimulatorRouter(provider, nodeEnv), simulator.createSimulatorRpcRouter(provider, nodeEnv)];
      return { provider, routers: routers.filter((router) => router !== undefined) };
    },
  });
});
