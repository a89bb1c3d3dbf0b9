import { analyticsStatsResponseSchema, type AnalyticsStatsResponse } from "@rebound/contracts/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/shared/api/client";

/** GET /api/analytics/stats -> {stats, recentCalls, recentSms}; null while analytics is not deployed (404). */
export async function getStats(): Promise<AnalyticsStatsResponse | null> {
  try {
    return analyticsStatsResponseSchema.parse(await api.get<unknown>("/api/analytics/stats"));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: ["/api/analytics/stats"] as const, queryFn: getStats });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
