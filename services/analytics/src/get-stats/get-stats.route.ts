import { currentUser, parseInput, sendPreparedJson } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { AnalyticsDeps } from "../analytics-deps";
import { getStatsQuerySchema } from "./get-stats.schema";
import { getStats, peekStats } from "./get-stats.use-case";

/** GET /api/analytics/stats?limit= (docs/product.md section 3). A fresh cached answer is sent without a promise. */
export function getStatsRoute(deps: AnalyticsDeps): RequestHandler {
  return (req, res, next) => {
    const user = currentUser(res);
    const { limit } = parseInput(getStatsQuerySchema, req.query);
    const cached = peekStats(deps, user.id, limit);
    if (cached) return sendPreparedJson(res, cached);
    getStats(deps, user.id, limit)
      .then((stats) => sendPreparedJson(res, stats))
      .catch(next);
  };
}
