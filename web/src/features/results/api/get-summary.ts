import { analyticsSummaryResponseSchema, type AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/shared/api/client";

/** GET /api/analytics/summary: the last 30 days in the business's time zone; null while analytics is not deployed (404). */
export async function getSummary(): Promise<AnalyticsSummaryResponse | null> {
  try {
    return analyticsSummaryResponseSchema.parse(await api.get<unknown>("/api/analytics/summary"));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function summaryQueryOptions() {
  return queryOptions({ queryKey: ["/api/analytics/summary"] as const, queryFn: getSummary });
}

export function useSummary() {
  return useQuery(summaryQueryOptions());
}
