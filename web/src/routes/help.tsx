import { createFileRoute } from "@tanstack/react-router";
import { HelpCenter } from "@/features/help/components/help-center";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/help")({ component: Page });

function Page() {
  usePageMeta("Help Center | Rebound", "Answers about setup, call forwarding, messages, the $1 trial and billing, plus a demo line to try Rebound.");
  return (
    <PublicPage>
      <div className="rb-container rb-container--narrow">
        <HelpCenter />
      </div>
    </PublicPage>
  );
}
