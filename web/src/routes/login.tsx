import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginForm } from "@/features/auth/components/login-form";
import { userQueryOptions } from "@/shared/auth/get-user";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/login")({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (user) throw redirect({ to: "/app/{-$section}", params: { section: "how-it-works" } });
  },
  component: LoginPage,
});

function LoginPage() {
  usePageMeta("Sign In | Rebound", "Sign in to Rebound to see your missed calls, the texts your callers got, and your results.");
  return (
    <PublicPage narrow>
      <LoginForm />
    </PublicPage>
  );
}
