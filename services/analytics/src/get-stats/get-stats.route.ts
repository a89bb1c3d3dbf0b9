import { currentUser, parseInput, sendPreparedJson } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { AnalyticsDeps } from "../analytics-deps";
import { getStatsQuerySchema } from "./get-stats.schema";
import { getStats, peekStats } from "./get-stats.use-case";

/** GET /api/analytics/stats?limit= (spec section 3). */
export function getStatsRoute(deps: AnalyticsDeps): RequestHandler {
  return async (req, res) => {
    const user = currentUser(res);
    const { limit } = parseInput(getStatsQuerySchema, req.query);
    sendPreparedJson(res, peekStats(deps, user.id, limit) ?? (await getStats(deps, user.id, limit)));
  };
}
