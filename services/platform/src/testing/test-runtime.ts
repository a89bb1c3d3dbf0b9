import { join } from "node:path";
import type { Clock } from "../clock/clock";
import { platformConfigSchema, type PlatformConfig } from "../config/platform-config";
import type { Database } from "../db/database";
import type { EventBus } from "../bus/event-bus";
import { createPgliteMigrationFactory, createPostgresMigrationFactory, deployMigrations } from "../db/migrate";
import { createSilentLogger, createLogger, type Logger } from "../logging/logger";
import { createPlatformRuntime, type PlatformRuntime } from "../service/platform-runtime";
import { createTestDatabase } from "./test-database";

export interface TestRuntimeOptions {
  /** Service folders (absolute) whose migrations to apply; the bus schema is always applied. */
  migrate: string[];
  clock?: Clock;
  config?: Partial<PlatformConfig>;
  bus?: EventBus;
  logger?: Logger;
}

const platformDir = join(__dirname, "..", "..");

/** A platform runtime on a fresh database with the given services' migrations applied. */
export async function createTestRuntime(options: TestRuntimeOptions): Promise<PlatformRuntime> {
  const database: Database = await createTestDatabase();
  const factory = database.pglite
    ? createPgliteMigrationFactory(database.pglite)
    : createPostgresMigrationFactory(database.databaseUrl as string);
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
