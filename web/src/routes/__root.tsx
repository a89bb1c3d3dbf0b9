import { createRootRouteWithContext, lazyRouteComponent, Outlet, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import type { RouterContext } from "@/router";
import { ErrorScreen } from "@/shared/ui/error-screen";
import { Toaster } from "@/shared/ui/toast/toaster";
import { VerifyEmailBanner } from "@/shared/ui/verify-email-banner";

function ScrollToTop() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function RootLayout() {
  return (
    <>
      <a className="rb-skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <VerifyEmailBanner />
      <Outlet />
      <Toaster />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ({ error }) => {
    console.error("Route error", error);
    return <ErrorScreen />;
  },
  notFoundComponent: lazyRouteComponent(() => import("@/shared/ui/not-found"), "NotFound"),
});
