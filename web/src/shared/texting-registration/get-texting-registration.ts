import { isRegistrationInFlight, type TextingRegistrationView } from "@rebound/contracts/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

/** How often the registration is read again while the carriers review it (the status moves on its own). */
export const REGISTRATION_POLL_MS = 2_500;

/** GET /api/texting-registration (docs/product.md, "US texting registration"). */
export function getTextingRegistration(): Promise<TextingRegistrationView> {
  return api.get<TextingRegistrationView>("/api/texting-registration");
}

/**
 * The registration, read again every few seconds while it is in flight (submitted, brand approved,
 * waiting for the owner's YES) and no more once it is approved, failed or not started.
 */
export function textingRegistrationQueryOptions() {
  return queryOptions({
    queryKey: ["/api/texting-registration"] as const,
    queryFn: getTextingRegistration,
    refetchInterval: (query) => (query.state.data && isRegistrationInFlight(query.state.data.status) ? REGISTRATION_POLL_MS : false),
  });
}

export function useTextingRegistration({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...textingRegistrationQueryOptions(), enabled });
}
