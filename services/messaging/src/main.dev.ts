import { runMain } from "@rebound/platform/telemetry";

// Development (the dev image, start:distributed): with SIMULATOR_URL, the one carrier simulator that
// telephony's dev entry hosts; without it, Twilio when TWILIO_ACCOUNT_SID is set, else a simulator of its own.
runMain("messaging", async () => {
  const [{ runMessaging }, simulator] = await Promise.all([import("./compose.js"), import("@rebound/carrier-simulator")]);
  await runMessaging({
    requires: [],
    create: (runtime, telephony) =>
      simulator.remoteSimulatorFromEnv() ?? simulator.createTelephonyProvider({ ...telephony, ...runtime.config }, { logger: runtime.logger }),
  });
});
