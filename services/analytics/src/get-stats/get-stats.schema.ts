import { ANALYTICS_RECENT_DEFAULT, ANALYTICS_RECENT_MAX } from "@rebound/contracts/domain";
import { z } from "zod";

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${ANALYTICS_RECENT_MAX}`;

/** GET /api/analytics/stats?limit= */
export const getStatsQuerySchema = z.object(
  {
    limit: z
      .string({ error: LIMIT_MESSAGE })
      .regex(/^\d+$/, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(ANALYTICS_RECENT_MAX, LIMIT_MESSAGE))
      .optional()
      .transform((limit) => limit ?? ANALYTICS_RECENT_DEFAULT),
  },
  { error: "Query must be an object" },
);
