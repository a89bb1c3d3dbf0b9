import { z } from "zod";

const booleanString = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/**
 * Settings every process understands. Each unset adapter URL selects the embedded
 * adapter (see .env.example), so standalone needs no settings at all.
 */
export const platformConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  KAFKA_BROKERS: z
    .string()
    .transform((value) => value.split(",").map((broker) => broker.trim()).filter(Boolean))
    .optional(),
  REDIS_URL: z.string().url().optional(),
  /** Where browsers and Twilio reach the gateway; webhook URLs and e-mail links are built from it. */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/$/, "")),
  /** HMAC key of the internal user header between the gateway and services. */
  INTERNAL_AUTH_SECRET: z.string().min(16).default("dev-internal-secret-change-me"),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  BUS_CONSUMER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  BUS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  RUN_MIGRATIONS: booleanString.optional(),
});

export type PlatformConfig = z.infer<typeof platformConfigSchema>;

/** Refuses development defaults for secrets in production. */
export function assertProductionSafe(config: PlatformConfig): void {
  if (config.NODE_ENV === "production" && config.INTERNAL_AUTH_SECRET.startsWith("dev-")) {
    throw new Error("INTERNAL_AUTH_SECRET must be set in production");
  }
}
