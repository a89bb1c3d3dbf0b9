import { DEFAULT_CHECKOUT_PLAN, findPlan, type BillingFrequency } from "@rebound/contracts/domain";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { CheckoutView } from "@/features/checkout/components/checkout-view";
import { ensureSignedInUser } from "@/shared/auth/get-user";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

/** plan defaults to starter and frequency to monthly; 'custom' is Enterprise. */
function resolve(params: { plan?: string; frequency?: string }) {
  const plan = findPlan(params.plan ?? DEFAULT_CHECKOUT_PLAN) ?? findPlan(DEFAULT_CHECKOUT_PLAN)!;
  const frequency: BillingFrequency = params.frequency === "yearly" ? "yearly" : "monthly";
  return { plan, frequency };
}

export const Route = createFileRoute("/checkout/{-$plan}/{-$frequency}")({
  beforeLoad: async ({ context, params }) => {
    const { plan, frequency } = resolve(params);
    const user = await ensureSignedInUser(context.queryClient);
    if (!user) throw redirect({ to: "/register", search: { plan: plan.urlName, frequency } });
  },
  component: CheckoutPage,
});

function CheckoutPage() {
  const { plan, frequency } = resolve(Route.useParams());
  usePageMeta(`Checkout: ${plan.displayName} | Rebound`, `Subscribe to Rebound ${plan.displayName}, ${frequency}. The $1 trial is included.`);
  return (
    <PublicPage narrow>
      <CheckoutView plan={plan} frequency={frequency} />
    </PublicPage>
  );
}
