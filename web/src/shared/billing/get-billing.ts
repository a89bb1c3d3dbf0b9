import { billingResponseSchema, type BillingResponse } from "@rebound/contracts/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

/** GET /api/billing, parsed with the contract billing answers with. */
export async function getBilling(): Promise<BillingResponse> {
  return billingResponseSchema.parse(await api.get<unknown>("/api/billing"));
}

export function billingQueryOptions() {
  return queryOptions({ queryKey: ["/api/billing"] as const, queryFn: getBilling });
}

export function useBilling() {
  return useQuery(billingQueryOptions());
}
