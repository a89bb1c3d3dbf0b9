import { createFileRoute, redirect } from "@tanstack/react-router";
import { ensureSignedInUser } from "@/shared/auth/get-user";

/** A return address only (after payment, verification, purchase): signed in goes to the dashboard, else to /login. */
export const Route = createFileRoute("/dashboard")({
  beforeLoad: async ({ context }) => {
    const user = await ensureSignedInUser(context.queryClient);
    if (!user) throw redirect({ to: "/login" });
    throw redirect({ to: "/app/{-$section}", params: { section: "how-it-works" } });
  },
});
