// The composition root of the telephony process: its settings, the provider an entry chose, the
// service, runServiceMain. main.ts (production image) chooses Twilio; main.dev.ts (dev image,
// start:distributed) chooses the carrier simulator and serves its dev surface and RPC beside the service.
import { loadConfig, runServiceMain, type PlatformRuntime, type ProviderNeed } from "@rebound/platform";
import { telephonyConfigSchema, type TelephonyConfig, type TelephonyProvider } from "@rebound/platform/telephony";
import { createTwilioProvider } from "@rebound/twilio";
import { Router } from "express";
import { createTelephonyService } from "./service";

export interface TelephonyProviderChoice {
  /** Provider settings this choice cannot do without, whatever NODE_ENV (production: Twilio's). */
  requires: readonly ProviderNeed[];
  create(runtime: PlatformRuntime, telephony: TelephonyConfig): { provider: TelephonyProvider; /** Served beside the service's router. */ routers?: Router[] };
}

/** Production: Twilio only. */
export const TWILIO: TelephonyProviderChoice = { requires: ["telephony"], create: (_runtime, telephony) => ({ provider: createTwilioProvider(telephony) }) };

export async function runTelephony(choice: TelephonyProviderChoice = TWILIO): Promise<void> {
  const telephony = loadConfig(telephonyConfigSchema);
  await runServiceMain(
    "telephony",
    (runtime) => {
      const { provider, routers = [] } = choice.create(runtime, telephony);
      const service = createTelephonyService(runtime, { provider, telephony });
      const router = Router();
      if (service.router) router.use(service.router);
      for (const extra of routers) router.use(extra);
      return {
        ...service,
        router,
        stop: async () => {
          await service.stop?.();
          await provider.close?.();
        },
      };
    },
    { providers: ["telephony"], requires: choice.requires },
  );
}
