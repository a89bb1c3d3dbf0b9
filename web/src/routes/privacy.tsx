import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicy } from "@/features/legal/components/privacy-policy";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/privacy")({ component: Page });

function Page() {
  usePageMeta("Privacy Policy | Rebound", "What information Rebound collects, how it is used and kept, and how text recipients can reply STOP.");
  return (
    <PublicPage>
      <div className="rb-container rb-container--narrow">
        <PrivacyPolicy />
      </div>
    </PublicPage>
  );
}
