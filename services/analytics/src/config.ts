import { z } from "zod";

/** Analytics' own settings. */
export const analyticsConfigSchema = z.object({
  /**
   * How long a computed GET /api/analytics/stats answer may be served from memory. Writes in this
   * process drop it at once; the age bounds how late another replica's writes show.
   */
  ANALYTICS_STATS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * How long the projections wait for more events before writing (one transaction for what arrived).
   * Nobody waits on a projection: at 40 calls/s, 100 ms turned ~1.6 transactions per call into ~0.3, 250 ms
   * into ~0.15 (docs/decisions.md, issue 27). 0 writes after one event-loop turn.
   */
  ANALYTICS_PROJECTION_LINGER_MS: z.coerce.number().int().min(0).max(5_000).default(250),
  /** Events per transaction when the projections are rebuilt from the log. */
  ANALYTICS_REBUILD_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** Longest range GET /api/analytics/summary accepts, in days. */
  ANALYTICS_SUMMARY_MAX_DAYS: z.coerce.number().int().min(1).max(3_660).default(366),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
