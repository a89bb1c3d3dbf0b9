import { createFileRoute } from "@tanstack/react-router";
import { BillingPage } from "@/features/billing/components/billing-page";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/_authenticated/billing")({ component: Page });

function Page() {
  usePageMeta("Billing & Plans | Rebound", "Your Rebound subscription, plans, card and invoices.");
  return (
    <PublicPage>
      <div className="rb-container">
        <BillingPage />
      </div>
    </PublicPage>
  );
}
