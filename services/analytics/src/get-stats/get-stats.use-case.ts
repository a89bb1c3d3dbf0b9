import type { AnalyticsStatsResponse } from "@rebound/contracts/domain";
import { prepareJson, type PreparedJson } from "@rebound/platform";
import type { AnalyticsDeps } from "../analytics-deps";
import { EMPTY_STATS, toStatsResponse } from "../domain/stats-response";

/** The stats answer (docs/product.md section 3) as prepared JSON. */
export type PreparedStats = PreparedJson;

const NO_STATS_YET = prepareJson(EMPTY_STATS);

/** The cached answer when it is fresh, without waiting (most dashboard reads); undefined otherwise. */
export function peekStats(deps: Pick<AnalyticsDeps, "statsCache">, userId: string, limit: number): PreparedStats | undefined {
  const businessId = deps.statsCache.knownBusinessOf(userId);
  return businessId === undefined ? undefined : deps.statsCache.peek(businessId, String(limit));
}

/** The signed-in user's totals and newest calls and texts, serialised once per change; zeros until their business is known. */
export async function getStats(deps: Pick<AnalyticsDeps, "reports" | "statsCache">, userId: string, limit: number): Promise<PreparedStats> {
  const businessId = await deps.statsCache.businessOfUser(userId, async () => (await deps.reports.businessOfUser(userId))?.businessId ?? null);
  if (!businessId) return NO_STATS_YET;
  return deps.statsCache.get(businessId, String(limit), async () => {
    const answer: AnalyticsStatsResponse = toStatsResponse(await deps.reports.stats(businessId, limit));
    return prepareJson(answer);
  });
}
