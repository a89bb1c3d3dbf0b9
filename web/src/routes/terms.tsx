import { createFileRoute } from "@tanstack/react-router";
import { TermsOfService } from "@/features/legal/components/terms-of-service";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/terms")({ component: Page });

function Page() {
  usePageMeta(
    "Terms of Service | Rebound",
    "The terms for using Rebound and for the texts callers receive (frequency, rates, STOP and HELP): registration, billing, availability and liability.",
  );
  return (
    <PublicPage>
      <div className="rb-container rb-container--narrow">
        <TermsOfService />
      </div>
    </PublicPage>
  );
}
