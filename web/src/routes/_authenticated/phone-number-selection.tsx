import { createFileRoute } from "@tanstack/react-router";
import { NumberSelection } from "@/features/phone-numbers/components/number-selection";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/_authenticated/phone-number-selection")({ component: Page });

function Page() {
  usePageMeta("Choose Your Number | Rebound", "Pick the local number your missed calls forward to.");
  return (
    <PublicPage narrow>
      <div className="rb-container rb-container--narrow">
        <NumberSelection />
      </div>
    </PublicPage>
  );
}
