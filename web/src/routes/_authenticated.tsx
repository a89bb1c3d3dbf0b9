import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { ensureSignedInUser } from "@/shared/auth/get-user";

/** Signed-in screens: a visitor sees the spinner while the user loads, then goes to /login. */
export const Route = createFileRoute("/_authenticated")({
  beforeLoad: async ({ context }) => {
    const user = await ensureSignedInUser(context.queryClient);
    if (!user) throw redirect({ to: "/login" });
    return { user };
  },
  component: Outlet,
});
