import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createQueryClient } from "@/shared/api/query-client";
import { Toaster } from "@/shared/ui/toast/toaster";

/** Renders a component inside a router (any path renders it) and a fresh query client. */
export async function renderWithProviders(ui: ReactNode, path = "/") {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => rootRoute, path: "$", component: () => <>{ui}</> });
  const index = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, page]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  await router.load();
  return { ...result, router, queryClient };
}

/** A fetch stub answering by "METHOD path". */
export function stubFetch(routes: Record<string, (body: unknown) => { status: number; body?: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    const answer = handler ? handler(body) : { status: 404, body: { message: "Not found" } };
    const text = answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    // A 204 has no body (the Response constructor refuses one).
    return new Response(answer.status === 204 ? null : text, { status: answer.status, statusText: answer.status === 404 ? "Not Found" : "" });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}
