import type { BillingFrequency, PlanUrlName } from "@rebound/contracts/domain";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { RegisterForm } from "@/features/register/components/register-form";
import { userQueryOptions } from "@/shared/auth/get-user";
import { oneOf } from "@/shared/lib/search-params";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

interface RegisterSearch {
  plan?: PlanUrlName;
  frequency?: BillingFrequency;
}

export const Route = createFileRoute("/register")({
  validateSearch: (search: Record<string, unknown>): RegisterSearch => ({
    plan: oneOf(search.plan === "enterprise" ? "custom" : search.plan, ["starter", "professional", "custom"] as const),
    frequency: oneOf(search.frequency, ["monthly", "yearly"] as const),
  }),
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions());
    if (user) throw redirect({ to: "/app/{-$section}", params: { section: "how-it-works" } });
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { plan, frequency } = Route.useSearch();
  usePageMeta("Start Your $1 Trial | Rebound", "Create your Rebound account: 14 days of missed-call text back for $1, cancel anytime.");
  return (
    <PublicPage narrow>
      <RegisterForm initialPlan={plan} initialFrequency={frequency} />
    </PublicPage>
  );
}
