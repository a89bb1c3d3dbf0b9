import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { AnalyticsDeps } from "../analytics-deps";
import { getSummaryQuerySchema } from "./get-summary.schema";
import { getSummary } from "./get-summary.use-case";

/** GET /api/analytics/summary?from&to (README: how each figure is computed). */
export function getSummaryRoute(deps: AnalyticsDeps): RequestHandler {
  return async (req, res) => {
    const user = currentUser(res);
    const query = parseInput(getSummaryQuerySchema, req.query);
    res.json(await getSummary(deps, user.id, query));
  };
}
