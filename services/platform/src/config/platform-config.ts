import { z } from "zod";

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
    .transform((value) =>
      value
        .split(",")
        .map((broker) => broker.trim())
        .filter(Boolean),
    )
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
  /** "true": tracing without an exporter (trace ids in logs and bus headers). Read by startTelemetry before config loads; checked here. */
  OTEL_TRACES_WITHOUT_EXPORTER: z.enum(["true", "false"], { error: 'OTEL_TRACES_WITHOUT_EXPORTER must be "true" or "false"' }).optional(),
  BUS_CONSUMER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  BUS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Kafka consumer session: how soon a replica that died without leaving its group is replaced (broker bounds: 6-300 s by default). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  /** Kafka consumer heartbeat; at most a third of the session timeout. */
  KAFKA_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(100).max(100_000).default(1_000),
  /**
   * Longest a consumer's fetch waits on the broker when no record is there. A Kafka broker answers
   * as soon as one arrives, so the default costs no latency; librdkafka's mock cluster always waits
   * the full time, so start:distributed sets 25 ms for it.
   */
  KAFKA_FETCH_MAX_WAIT_MS: z.coerce.number().int().min(1).max(30_000).default(5_000),
  /**
   * The shortest fetch wait of the consumers no caller waits on. Only matters when KAFKA_FETCH_MAX_WAIT_MS
   * is shorter: start:distributed sets 1 s for the mock cluster, where every empty fetch is held for its
   * full wait, so each idle group fetches once a second instead of four times.
   */
  KAFKA_BACKGROUND_FETCH_MIN_WAIT_MS: z.coerce.number().int().min(1).max(30_000).default(250),
  /**
   * "true" while a rollout crosses a topic move (docs/operations.md, "Upgrading to the calls topic"):
   * consumers also read the topics their events were published on before, where old replicas still publish.
   */
  KAFKA_READ_FORMER_TOPICS: z.enum(["true", "false"], { error: 'KAFKA_READ_FORMER_TOPICS must be "true" or "false"' }).default("false"),
  /**
   * Where /metrics is served: its own listener on this port (for the scraper, never routed publicly).
   * Unset: on the main port in development and test, nowhere in production.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long a client may take to send a request's headers (408 after; node's default lets a slow client hold a connection 300 s). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** How long a client may take to send its whole request, body included (408 after). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout, so it never reuses one we closed. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(65_000),
  /**
   * Which proxies' X-Forwarded-For to believe (express "trust proxy"): a hop count ("1" behind one load
   * balancer), or comma-separated addresses/subnets/names ("loopback", "10.0.0.0/8"), or "false".
   * Default loopback: only a proxy on this machine. Anything else lets a client choose its own IP.
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((value): string | number | boolean => (/^\d+$/.test(value) ? Number(value) : value === "false" ? false : value === "true" ? true : value)),
});

export type PlatformConfig = z.infer<typeof platformConfigSchema>;

/** Refuses development defaults for secrets in production. */
export function assertProductionSafe(config: PlatformConfig): void {
  if (config.NODE_ENV === "production" && config.INTERNAL_AUTH_SECRET.startsWith("dev-")) {
    throw new Error("INTERNAL_AUTH_SECRET must be set in production");
  }
}

/** A development stand-in that production must not run on, and the setting that replaces it. */
export type ProviderNeed = "telephony" | "payments" | "mail";

const STAND_INS: Record<ProviderNeed, { setting: string; standIn: string; provider: string }> = {
  telephony: { setting: "TWILIO_ACCOUNT_SID", standIn: "the carrier simulator, which accepts webhooks signed with the public dev token", provider: "Twilio" },
  payments: { setting: "STRIPE_SECRET_KEY", standIn: "the payment simulator, which takes no money", provider: "Stripe" },
  mail: { setting: "SMTP_URL", standIn: "the dev mailbox, which serves password-reset links at /dev/mailbox", provider: "SMTP" },
};

/**
 * Refuses to start in production on a development stand-in (issue 16): names every missing setting
 * at once, so an operator fixes the deployment in one go.
 */
export function assertProductionProviders(nodeEnv: string, env: NodeJS.ProcessEnv, needs: readonly ProviderNeed[]): void {
  if (nodeEnv !== "production") return;
  const missing = needs.map((need) => STAND_INS[need]).filter(({ setting }) => !env[setting]?.trim());
  if (missing.length === 0) return;
  throw new Error(
    `NODE_ENV=production refuses development stand-ins. Set ${missing.map(({ setting }) => setting).join(", ")}:\n` +
      missing.map(({ setting, standIn }) => `  - ${setting} is unset, which would run ${standIn}`).join("\n"),
  );
}

/**
 * Refuses to start, whatever NODE_ENV, an entry that builds only the real providers (a service's
 * production main.ts: the simulators are not in its image) when their settings are missing; names
 * every missing setting at once. The simulators run from the dev entries (main.dev.ts, the dev image).
 */
export function assertProvidersConfigured(env: NodeJS.ProcessEnv, needs: readonly ProviderNeed[]): void {
  const missing = needs.map((need) => STAND_INS[need]).filter(({ setting }) => !env[setting]?.trim());
  if (missing.length === 0) return;
  throw new Error(
    `This entry runs on the real providers only. Set ${missing.map(({ setting }) => setting).join(", ")}:\n` +
      missing.map(({ setting, provider }) => `  - ${setting} is unset, and ${provider} needs it`).join("\n") +
      "\nFor development without them, run the dev entry (src/main.dev.ts, the dev image), whose simulators stand in.",
  );
}
