import { requireUser } from "@rebound/platform";
import { Router } from "express";
import type { AnalyticsDeps } from "../analytics-deps";
import { getStatsRoute } from "../get-stats/get-stats.route";
import { getSummaryRoute } from "../get-summary/get-summary.route";

/** Every route needs the signed-in user; the user id in the signed header is the tenant. */
export function createAnalyticsRouter(deps: AnalyticsDeps, internalAuthSecret: string): Router {
  const router = Router();
  const signedIn = requireUser(internalAuthSecret);
  router.get("/api/analytics/stats", signedIn, getStatsRoute(deps));
  router.get("/api/analytics/summary", signedIn, getSummaryRoute(deps));
  return router;
}
