import { createFileRoute } from "@tanstack/react-router";
import { CalculatorResults } from "@/features/calculator/components/calculator-results";
import { parseResultsSearch } from "@/features/calculator/lib/loss";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/calculator/results")({
  validateSearch: parseResultsSearch,
  component: ResultsPage,
});

function ResultsPage() {
  const inputs = Route.useSearch();
  usePageMeta("Your Lost Revenue | Rebound", "Your monthly and annual revenue lost to missed calls, and how Rebound wins those callers back.");
  return (
    <PublicPage narrow>
      <CalculatorResults inputs={inputs} />
    </PublicPage>
  );
}
