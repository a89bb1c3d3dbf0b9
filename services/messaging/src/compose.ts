// The composition root of the messaging process: its settings, the mailer, the provider an entry
// chose, the service, runServiceMain. main.ts (production image) chooses Twilio; main.dev.ts (dev
// image, start:distributed) chooses the carrier simulator that telephony hosts (SIMULATOR_URL).
import { loadConfig, runServiceMain, type PlatformRuntime, type ProviderNeed } from "@rebound/platform";
import { createMailer, mailConfigSchema } from "@rebound/providers/mail";
import { telephonyConfigSchema, type TelephonyConfig, type TelephonyProvider } from "@rebound/providers/telephony";
import { createTwilioProvider } from "@rebound/twilio";
import { createMessagingService } from "./service";

export interface TelephonyProviderChoice {
  /** Provider settings this choice cannot do without, whatever NODE_ENV (production: Twilio's). */
  requires: readonly ProviderNeed[];
  create(runtime: PlatformRuntime, telephony: TelephonyConfig): TelephonyProvider;
}

/** Production: Twilio only. */
export const TWILIO: TelephonyProviderChoice = { requires: ["telephony"], create: (_runtime, telephony) => createTwilioProvider(telephony) };

export async function runMessaging(choice: TelephonyProviderChoice = TWILIO): Promise<void> {
  const telephony = loadConfig(telephonyConfigSchema);
  await runServiceMain(
    "messaging",
    (runtime) => {
      const provider = choice.create(runtime, telephony);
      const mailer = createMailer(loadConfig(mailConfigSchema));
      return createMessagingService(runtime, { provider, mailer, telephony });
    },
    { providers: ["telephony", "mail"], requires: choice.requires },
  );
}
