import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { systemClock, type Clock } from "../clock/clock";
import type { Cache, RateLimiterFactory } from "../cache/cache";
import { MemoryCache, MemoryRateLimiterFactory } from "../cache/memory-cache";
import { connectRedis, RedisCache, RedisRateLimiterFactory, redisIsReady } from "../cache/redis-cache";
import type { PlatformConfig } from "../config/platform-config";
import { openDatabase, type Database } from "../db/database";
import { ServiceDb, type PrismaClientLike } from "../db/service-db";
import type { SqlExecutor } from "../db/sql-executor";
import type { EventBus } from "../bus/event-bus";
import { EmbeddedBus, type EmbeddedBusDb } from "../bus/embedded/embedded-bus";
import { createKafkaBus } from "../bus/kafka/kafka-bus";
import type { Logger } from "../logging/logger";
import { Outbox } from "../outbox/outbox";

/** The adapters of one process, chosen by configuration; handed to every service. */
export interface PlatformRuntime {
  config: PlatformConfig;
  logger: Logger;
  database: Database;
  bus: EventBus;
  cache: Cache;
  rateLimiters: RateLimiterFactory;
  clock: Clock;
  /** Creates a service's database handle (its Prisma client + outbox) over the shared database. */
  createServiceDb<TClient extends PrismaClientLike, TTx extends SqlExecutor>(
    schema: string,
    createClient: (adapter: SqlDriverAdapterFactory) => TClient,
  ): ServiceDb<TClient, TTx>;
  outboxes: Outbox[];
  /** With REDIS_URL: whether this process uses Redis (a rate limiter or the cache) and whether it answers, for /readyz. */
  redis?: { inUse(): boolean; isReady(): Promise<boolean> };
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: PlatformConfig;
  logger: Logger;
  clock?: Clock;
  /** Overrides for tests: an already open database or bus. */
  database?: Database;
  bus?: EventBus;
}

export async function createPlatformRuntime(options: RuntimeOptions): Promise<PlatformRuntime> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const closers: (() => Promise<void>)[] = [];

  let bus = options.bus;
  if (!bus) {
    if (config.KAFKA_BROKERS?.length) {
      bus = createKafkaBus({
        brokers: config.KAFKA_BROKERS,
        clientId: config.OTEL_SERVICE_NAME ?? "rebound",
        logger,
        readFormerTopics: config.KAFKA_READ_FORMER_TOPICS === "true",
      });
    } else {
      const embedded = new EmbeddedBus(embeddedBusDb(database), {
        logger,
        serializeAppends: database.kind === "postgres",
        handOffInProcess: database.kind === "pglite",
      });
      await embedded.start();
      bus = embedded;
    }
  }

  let cache: Cache;
  let rateLimiters: RateLimiterFactory;
  let redisHealth: PlatformRuntime["redis"];
  if (config.REDIS_URL) {
    const redis = await connectRedis(config.REDIS_URL);
    const redisCache = new RedisCache(redis);
    const redisLimiters = new RedisRateLimiterFactory(redis);
    cache = redisCache;
    rateLimiters = redisLimiters;
    redisHealth = { inUse: () => redisCache.used || redisLimiters.used, isReady: () => redisIsReady(redis) };
  } else {
    cache = new MemoryCache();
    rateLimiters = new MemoryRateLimiterFactory();
  }

  const outboxes: Outbox[] = [];
  const runtime: PlatformRuntime = {
    config,
    logger,
    database,
    bus,
    cache,
    rateLimiters,
    clock,
    outboxes,
    redis: redisHealth,
    createServiceDb: <TClient extends PrismaClientLike, TTx extends SqlExecutor>(
      schema: string,
      createClient: (adapter: SqlDriverAdapterFactory) => TClient,
    ) => {
      const client = createClient(database.adapterFactory());
      closers.push(() => client.$disconnect());
      const outbox = new Outbox(schema, runtime.bus, client, logger);
      outboxes.push(outbox);
      return new ServiceDb<TClient, TTx>(client, outbox, clock, database.sql);
    },
    close: async () => {
      await runtime.bus.close();
      await Promise.all(outboxes.map((outbox) => outbox.flush()));
      await cache.close();
      for (const close of closers.reverse()) await close().catch(() => undefined);
      if (!options.database) await database.close();
    },
  };
  return runtime;
}

/** The embedded bus runs its fetches, appends and offset commits on pg directly, on both databases. */
function embeddedBusDb(database: Database): EmbeddedBusDb {
  const sql = database.sql;
  return { ...sql, $transaction: (fn) => sql.transaction(fn) };
}
