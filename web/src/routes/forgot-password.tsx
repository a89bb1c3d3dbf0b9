import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/forgot-password")({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  usePageMeta("Forgot Password | Rebound", "Reset your Rebound password: we'll e-mail you a link that works for 1 hour.");
  return (
    <PublicPage narrow>
      <ForgotPasswordForm />
    </PublicPage>
  );
}
