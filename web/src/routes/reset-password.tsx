import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { optionalString } from "@/shared/lib/search-params";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  usePageMeta("Reset Password | Rebound", "Choose a new password for your Rebound account.");
  return (
    <PublicPage narrow>
      <ResetPasswordForm token={token || undefined} />
    </PublicPage>
  );
}
