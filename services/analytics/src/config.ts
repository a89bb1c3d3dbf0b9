import { z } from "zod";

/** Analytics' own settings. */
export const analyticsConfigSchema = z.object({
  /**
   * How long a computed GET /api/analytics/stats answer may be served from memory. Writes in this
   * process drop it at once; the age bounds how late another replica's writes show.
   */
  ANALYTICS_STATS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Events per transaction when the projections are rebuilt from the log. */
  ANALYTICS_REBUILD_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** Longest range GET /api/analytics/summary accepts, in days. */
  ANALYTICS_SUMMARY_MAX_DAYS: z.coerce.number().int().min(1).max(3_660).default(366),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
