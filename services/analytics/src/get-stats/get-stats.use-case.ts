import type { AnalyticsStatsResponse } from "@rebound/contracts/domain";
import type { AnalyticsDeps } from "../analytics-deps";
import { EMPTY_STATS, toStatsResponse } from "../domain/stats-response";

/** The signed-in user's totals and newest calls and texts; zeros until their business is known. */
export async function getStats(deps: Pick<AnalyticsDeps, "reports" | "statsCache">, userId: string, limit: number): Promise<AnalyticsStatsResponse> {
  const businessId = await deps.statsCache.businessOfUser(userId, async () => (await deps.reports.businessOfUser(userId))?.businessId ?? null);
  if (!businessId) return EMPTY_STATS;
  return deps.statsCache.get(businessId, String(limit), async () => toStatsResponse(await deps.reports.stats(businessId, limit)));
}
