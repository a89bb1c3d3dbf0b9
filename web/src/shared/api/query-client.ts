import { QueryClient } from "@tanstack/react-query";
import { api } from "./client";

/** docs/product.md section 7: GET on the key parts joined by '/', no retry, no refetch on focus, always stale, no cache lifetime. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 0,
        gcTime: 0,
        queryFn: ({ queryKey }) => api.get(queryKey.map(String).join("/")),
      },
      mutations: { retry: false },
    },
  });
}
