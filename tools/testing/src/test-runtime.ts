import { dirname } from "node:path";
import type { Clock } from "@rebound/platform";
import { platformConfigSchema, type PlatformConfig } from "@rebound/platform";
import type { Database } from "@rebound/platform";
import type { EventBus } from "@rebound/platform";
import { deployMigrations, migrationFactoryFor } from "@rebound/migrate";
import { createSilentLogger, createLogger, type Logger } from "@rebound/platform";
import { createPlatformRuntime, type PlatformRuntime } from "@rebound/platform";
import { createTestDatabase } from "./test-database";

export interface TestRuntimeOptions {
  /** Service folders (absolute) whose migrations to apply; the bus schema is always applied. */
  migrate: string[];
  clock?: Clock;
  config?: Partial<PlatformConfig>;
  bus?: EventBus;
  logger?: Logger;
}

/** The platform package folder: its migrations create the bus schema. */
const platformDir = dirname(require.resolve("@rebound/platform/package.json"));

/** A platform runtime on a fresh database with the given services' migrations applied. */
export async function createTestRuntime(options: TestRuntimeOptions): Promise<PlatformRuntime> {
  const database: Database = await createTestDatabase();
  const factory = migrationFactoryFor(database);
  for (const dir of [platformDir, ...options.migrate]) await deployMigrations(dir, factory);
  const config = platformConfigSchema.parse({
    NODE_ENV: "test",
    BUS_MAX_ATTEMPTS: "3",
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const logger = options.logger ?? (process.env.TEST_LOGS ? createLogger({ name: "test", level: "debug" }) : createSilentLogger());
  const runtime = await createPlatformRuntime({
    config: { ...config, ...options.config, DATABASE_URL: database.databaseUrl },
    logger,
    clock: options.clock,
    database,
    bus: options.bus,
  });
  return {
    ...runtime,
    close: async () => {
      await runtime.close();
      await database.close();
    },
  };
}
