import { createFileRoute } from "@tanstack/react-router";
import { CalculatorForm } from "@/features/calculator/components/calculator-form";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/calculator/")({ component: CalculatorPage });

function CalculatorPage() {
  usePageMeta("Missed Call Revenue Calculator | Rebound", "Work out how much revenue your business loses to missed calls each month and each year.");
  return (
    <PublicPage narrow>
      <CalculatorForm />
    </PublicPage>
  );
}
