import "@fontsource-variable/inter/wght.css";
import "./styles/global.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import ConfigProvider from "antd/es/config-provider";
import enUS from "antd/locale/en_US";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { makeZodJitless } from "./config/zod-jitless";
import { createAppRouter } from "./router";
import { setUnauthorizedHandler } from "./shared/api/client";
import { createQueryClient } from "./shared/api/query-client";
import { USER_QUERY_KEY } from "./shared/auth/get-user";
import { ErrorBoundary, installGlobalErrorLogging } from "./shared/ui/error-boundary";
import { brandCssVariables, theme } from "./theme";

installGlobalErrorLogging();
makeZodJitless();
Object.entries(brandCssVariables()).forEach(([name, value]) => document.documentElement.style.setProperty(name, value));

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A 401 from any call: forget the user; a protected screen goes to /login.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  if (router.state.matches.some((match) => match.routeId.startsWith("/_authenticated"))) {
    void router.navigate({ to: "/login" });
  }
});

// The first render as a transition: React yields to the browser every few milliseconds instead of
// building the whole page (and antd's styles) in one long task.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <ConfigProvider theme={theme} locale={enUS}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ConfigProvider>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
