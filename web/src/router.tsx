import type { QueryClient } from "@tanstack/react-query";
import { createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { routeTree } from "./route-tree.gen";
import { FullPageSpinner } from "./shared/ui/full-page-spinner";

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageSpinner,
    defaultNotFoundComponent: lazyRouteComponent(() => import("./shared/ui/not-found"), "NotFound"),
    scrollRestoration: false,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
