import { createAnalyticsService } from "@rebound/analytics";
import { createBillingService } from "@rebound/billing";
import { createBusinessService } from "@rebound/business";
import { createGatewayService } from "@rebound/gateway";
import { createIdentityService } from "@rebound/identity";
import { createMessagingService } from "@rebound/messaging";
import {
  createPlatformRuntime,
  openDatabase,
  startServices,
  type Clock,
  type Logger,
  type RunningServices,
} from "@rebound/platform";
import { migrateAll } from "./migrate-all";
import { createTelephonyService } from "@rebound/telephony";
import type { StandaloneConfig } from "./config";

export interface StandaloneOptions {
  config: StandaloneConfig;
  logger: Logger;
  clock?: Clock;
}

/**
 * Every service in one process behind the gateway: one database (PGlite unless
 * DATABASE_URL), the embedded bus unless KAFKA_BROKERS, memory cache unless REDIS_URL.
 * Pending migrations are applied first.
 */
export async function startStandalone(options: StandaloneOptions): Promise<RunningServices> {
  const { config, logger } = options;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateAll(database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  const runtime = await createPlatformRuntime({ config, logger, clock: options.clock, database });
  const services = [
    createIdentityService(runtime),
    createBusinessService(runtime),
    createTelephonyService(runtime),
    createMessagingService(runtime),
    createBillingService(runtime),
    createAnalyticsService(runtime),
  ];
  const gateway = createGatewayService(runtime);
  const running = await startServices(runtime, [...services, gateway], {
    port: config.PORT,
    host: config.HOST,
    mount: (app) => {
      if (gateway.router) app.use(gateway.router);
      for (const service of services) if (service.router) app.use(service.router);
    },
  });
  return {
    ...running,
    stop: async () => {
      await running.stop();
      await database.close();
    },
  };
}
