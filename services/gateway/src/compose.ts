// The composition root of the gateway process: the upstream services' URLs, the service, runServiceMain.
import { loadConfig, runServiceMain } from "@rebound/platform";
import { upstreamConfigSchema } from "./config";
import { createGatewayService } from "./service";

export async function runGateway(): Promise<void> {
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
}
