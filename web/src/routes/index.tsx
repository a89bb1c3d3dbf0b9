import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { LandingPage } from "@/features/landing/components/landing-page";
import { useUser } from "@/shared/auth/get-user";
import { usePageMeta } from "@/shared/ui/page-meta";

export const Route = createFileRoute("/")({ component: Home });

/** Logged out or loading: the landing page. Logged in: the dashboard. */
function Home() {
  usePageMeta(
    "Rebound: text back every missed call in seconds",
    "Rebound texts your caller back within seconds when you miss a call, so the lead stays yours. Keep your number, set up in 3 minutes, try it 14 days for $1.",
  );
  const { user } = useUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) void navigate({ to: "/app/{-$section}", params: { section: "how-it-works" }, replace: true });
  }, [user, navigate]);
  return <LandingPage />;
}
