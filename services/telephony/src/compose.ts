// The composition root of the telephony process: its settings, the provider an entry chose, the
// service, runServiceMain. main.ts (production image) chooses Twilio; main.dev.ts (dev image,
// start:distributed) chooses the carrier simulator and serves its dev surface and RPC beside the service.
import { loadConfig, runServiceMain, type PlatformRuntime, type ProviderNeed } from "@rebound/platform";
import { telephonyConfigSchema, type TelephonyConfig, type TelephonyProvider, type TextingRegistrationProvider } from "@rebound/providers/telephony";
import { createTwilioProvider, createTwilioTextingRegistration } from "@rebound/twilio";
import { Router } from "express";
import { telephonyServiceConfigSchema } from "./config";
import { createTelephonyService } from "./service";

export interface TelephonyProviderChoice {
  /** Provider settings this choice cannot do without, whatever NODE_ENV (production: Twilio's). */
  requires: readonly ProviderNeed[];
  create(
    runtime: PlatformRuntime,
    telephony: TelephonyConfig,
  ): {
    provider: TelephonyProvider;
    /** The texting registration side when it is a separate object (Twilio's adapter); default: the provider's own, if it has one (the simulator). */
    registration?: TextingRegistrationProvider;
    /** Served beside the service's router. */
    routers?: Router[];
  };
}

/** Production: Twilio only; its texting registration side once our primary customer profile is configured. */
export const TWILIO: TelephonyProviderChoice = {
  requires: ["telephony"],
  create: (runtime, telephony) => {
    const { TWILIO_PRIMARY_CUSTOMER_PROFILE_SID } = loadConfig(telephonyServiceConfigSchema);
    const registration = createTwilioTextingRegistration(telephony, TWILIO_PRIMARY_CUSTOMER_PROFILE_SID, runtime.logger);
    return { provider: createTwilioProvider(telephony), ...(registration ? { registration } : {}) };
  },
};

export async function runTelephony(choice: TelephonyProviderChoice = TWILIO): Promise<void> {
  const telephony = loadConfig(telephonyConfigSchema);
  await runServiceMain(
    "telephony",
    (runtime) => {
      const { provider, registration, routers = [] } = choice.create(runtime, telephony);
      const service = createTelephonyService(runtime, { provider, telephony, ...(registration ? { registration } : {}) });
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
