import { createAnalyticsService } from "@rebound/analytics";
import { billingConfigSchema, createBillingService } from "@rebound/billing";
import { createDevPaymentProvider } from "@rebound/billing/dev";
import { createBusinessService } from "@rebound/business";
import { createGatewayService, type Upstreams } from "@rebound/gateway";
import { createIdentityService } from "@rebound/identity";
import { createMessagingService } from "@rebound/messaging";
import {
  assertProductionProviders,
  assertProductionSafe,
  createPlatformRuntime,
  loadConfig,
  openDatabase,
  startServices,
  type Clock,
  type Logger,
  type PlatformRuntime,
  type RunningServices,
} from "@rebound/platform";
import { createMailer, mailConfigSchema } from "@rebound/providers/mail";
import { createSimulatorRouter, createTelephonyProvider, startSimulatorThread } from "@rebound/carrier-simulator";
import { telephonyConfigSchema } from "@rebound/providers/telephony";
import { createTelephonyService, telephonyServiceConfigSchema } from "@rebound/telephony";
import { createTwilioTextingRegistration } from "@rebound/twilio";
import { Router } from "express";
import type { StandaloneConfig } from "./config";
import { migrateAll } from "./migrate-all";

export { standaloneConfigSchema, type StandaloneConfig } from "./config";

export interface StandaloneOptions {
  config: StandaloneConfig;
  logger: Logger;
  clock?: Clock;
  /** Where provider and mail settings are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The carrier simulator (no Twilio settings) in a worker thread; default: outside tests. */
  simulatorInThread?: boolean;
  /** PGlite only: a new data folder starts from this dump (tests: every migration already applied). */
  databaseTemplate?: Uint8Array;
}

/**
 * The composition root of standalone mode: every service in one process behind the
 * gateway, one database (PGlite unless DATABASE_URL), the embedded bus unless
 * KAFKA_BROKERS, memory cache unless REDIS_URL, the carrier simulator unless
 * TWILIO_ACCOUNT_SID, the dev mailbox unless SMTP_URL. Pending migrations are applied first.
 */
export interface RunningStandalone extends RunningServices {
  /** The process's adapters (tests subscribe to the bus through it). */
  runtime: PlatformRuntime;
}

export async function startStandalone(options: StandaloneOptions): Promise<RunningStandalone> {
  const { config, logger } = options;
  const env = options.env ?? process.env;
  // Production never runs on the simulators or the dev mailbox.
  assertProductionSafe(config);
  assertProductionProviders(config.NODE_ENV, env, ["telephony", "payments", "mail"]);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, template: options.databaseTemplate });
  try {
    await migrateAll(database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  const runtime = await createPlatformRuntime({ config, logger, clock: options.clock, database });

  const telephony = loadConfig(telephonyConfigSchema, env);
  const providerConfig = { ...telephony, PUBLIC_BASE_URL: config.PUBLIC_BASE_URL, DATA_DIR: config.DATA_DIR, NODE_ENV: config.NODE_ENV };
  // Without Twilio settings: the carrier simulator, in its own thread unless asked otherwise (tests keep it
  // in the process, where their clock and fakes reach it).
  const simulatorThread =
    !telephony.TWILIO_ACCOUNT_SID && (options.simulatorInThread ?? config.NODE_ENV !== "test")
      ? await startSimulatorThread(providerConfig, config.LOG_LEVEL)
      : undefined;
  const provider = simulatorThread?.provider ?? createTelephonyProvider(providerConfig, { logger });
  const mailer = createMailer(loadConfig(mailConfigSchema, { ...env, DATA_DIR: config.DATA_DIR }));
  const simulatorRouter = simulatorThread?.devRouter ?? createSimulatorRouter(provider, { nodeEnv: config.NODE_ENV });
  // Stripe when STRIPE_SECRET_KEY is set, else the payment simulator in billing's tables.
  const billingConfig = loadConfig(billingConfigSchema, env);

  const identity = createIdentityService(runtime, { mailer });
  const business = createBusinessService(runtime);
  const telephonyConfig = loadConfig(telephonyServiceConfigSchema, env);
  // With Twilio, its texting registration side (the simulator is its own).
  const registration = telephony.TWILIO_ACCOUNT_SID
    ? createTwilioTextingRegistration(telephony, telephonyConfig.TWILIO_PRIMARY_CUSTOMER_PROFILE_SID, logger)
    : undefined;
  const telephonyService = createTelephonyService(runtime, { provider, telephony, config: telephonyConfig, ...(registration ? { registration } : {}) });
  const messaging = createMessagingService(runtime, { provider, mailer, telephony });
  // Billing's sign-up creates the account through identity's router in this process (distributed: IDENTITY_URL).
  const billing = createBillingService(runtime, {
    provider: createDevPaymentProvider(runtime, billingConfig),
    identity: identity.router,
    mailer,
    config: billingConfig,
  });
  const analytics = createAnalyticsService(runtime);
  const services = [identity, business, telephonyService, messaging, billing, analytics];
  // One way in: every request to a service, a client's (public, webhook, dev) or the gateway's own
  // (sign-up, login), goes through the gateway to the service's router in this process; distributed
  // mode passes URLs here instead (services/gateway/src/main.ts). The simulator's dev surface sits
  // beside telephony, as in distributed mode (services/telephony/src/main.ts).
  const upstreams: Upstreams = {
    identity: identity.router,
    business: business.router,
    telephony: simulatorRouter && telephonyService.router ? Router().use(telephonyService.router, simulatorRouter) : telephonyService.router,
    messaging: messaging.router,
    billing: billing.router,
    analytics: analytics.router,
  };
  const gateway = createGatewayService(runtime, { upstreams });
  const running = await startServices(runtime, [...services, gateway], {
    port: config.PORT,
    host: config.HOST,
    // The gateway is the only mount: no service is reachable beside it.
    mount: (app) => {
      if (gateway.router) app.use(gateway.router);
    },
  });
  return {
    ...running,
    runtime,
    stop: async () => {
      await running.stop();
      await simulatorThread?.close();
      await mailer.close();
      await database.close();
    },
  };
}
