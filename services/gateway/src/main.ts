import { startTelemetry } from "@rebound/platform/telemetry";

startTelemetry("gateway");

// Loaded after telemetry so express and kafkajs are instrumented.
void import("@rebound/platform")
  .then(async ({ loadConfig, runServiceMain }) => {
    const { createGatewayService } = await import("./service.js");
    const { upstreamConfigSchema } = await import("./config.js");
    const urls = loadConfig(upstreamConfigSchema);
    const upstreams = {
      identity: urls.IDENTITY_URL,
      business: urls.BUSINESS_URL,
      telephony: urls.TELEPHONY_URL,
      messaging: urls.MESSAGING_URL,
      billing: urls.BILLING_URL,
      analytics: urls.ANALYTICS_URL,
    };
    // The gateway checks Twilio's signatures: production needs the real account's token.
    await runServiceMain("gateway", (runtime) => createGatewayService(runtime, { upstreams }), { providers: ["telephony"] });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
