import { createFileRoute, redirect } from "@tanstack/react-router";
import { userQueryOptions } from "@/shared/auth/get-user";

/** A return address only (after payment, verification, purchase): signed in goes to the dashboard, else to /login. */
export const Route = createFileRoute("/dashboard")({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (!user) throw redirect({ to: "/login" });
    throw redirect({ to: "/app/{-$section}", params: { section: "how-it-works" } });
  },
});
