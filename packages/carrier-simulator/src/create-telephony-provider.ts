import { join } from "node:path";
import type { PlatformConfig } from "@rebound/platform";
import type { Logger } from "@rebound/platform";
import { CarrierSimulator } from "./carrier-simulator";
import { FileJournal, MemoryJournal, type CarrierJournal } from "./carrier-journal";
import type { TelephonyConfig } from "@rebound/providers/telephony";
import type { TelephonyProvider } from "@rebound/providers/telephony";
import { createTwilioProvider } from "@rebound/twilio";

export type TelephonyProviderConfig = TelephonyConfig & Pick<PlatformConfig, "PUBLIC_BASE_URL" | "DATA_DIR" | "NODE_ENV">;

export interface TelephonyProviderDeps {
  logger: Logger;
  /** Overrides PUBLIC_BASE_URL for the simulator's webhooks, e.g. a server on port 0 in tests. */
  publicBaseUrl?: string | (() => string);
}

function simulatorJournal(config: TelephonyProviderConfig): CarrierJournal {
  if (config.SIMULATOR_DATA_DIR) return new FileJournal(config.SIMULATOR_DATA_DIR);
  if (config.DATA_DIR === "memory" || config.NODE_ENV === "test") return new MemoryJournal();
  return new FileJournal(join(config.DATA_DIR, "simulator"));
}

/**
 * Development's choice: Twilio when TWILIO_ACCOUNT_SID is set, else the carrier simulator. Only dev
 * composition roots call this (main.dev.ts, standalone); production entries build Twilio alone
 * (@rebound/twilio's createTwilioProvider).
 */
export function createTelephonyProvider(config: TelephonyProviderConfig, deps: TelephonyProviderDeps): TelephonyProvider {
  if (config.TWILIO_ACCOUNT_SID) return createTwilioProvider(config);
  const logger = deps.logger.child({ component: "carrier-simulator" });
  return new CarrierSimulator({
    authToken: config.TWILIO_AUTH_TOKEN,
    publicBaseUrl: deps.publicBaseUrl ?? config.PUBLIC_BASE_URL,
    journal: simulatorJournal(config),
    logger,
    deliveryStepMs: config.SIMULATOR_DELIVERY_STEP_MS,
    webhookOrigin: config.SIMULATOR_WEBHOOK_ORIGIN,
    failingSuffix: config.SIMULATOR_FAILING_SUFFIX,
    a2pBrandApprovalMs: config.SIMULATOR_A2P_BRAND_APPROVAL_MS,
    a2pCampaignApprovalMs: config.SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS,
    a2pEnforcement: config.SIMULATOR_A2P_ENFORCEMENT,
  });
}
