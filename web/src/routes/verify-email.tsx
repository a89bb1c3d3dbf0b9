import { createFileRoute } from "@tanstack/react-router";
import { VerifyEmailStatus } from "@/features/auth/components/verify-email-status";
import { optionalString } from "@/shared/lib/search-params";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/verify-email")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token } = Route.useSearch();
  usePageMeta("Verify Email | Rebound", "Confirm your e-mail address for your Rebound account.");
  return (
    <PublicPage narrow>
      <VerifyEmailStatus token={token || undefined} />
    </PublicPage>
  );
}
