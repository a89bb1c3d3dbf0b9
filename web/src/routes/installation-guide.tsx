import { createFileRoute } from "@tanstack/react-router";
import { InstallationGuide } from "@/features/guides/components/installation-guide";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/installation-guide")({ component: Page });

function Page() {
  usePageMeta(
    "Call Forwarding Setup Guide | Rebound",
    "Forwarding codes for mobile phones, US and Canadian landlines and UK lines, to send the calls you miss to Rebound.",
  );
  return (
    <PublicPage>
      <div className="rb-container rb-container--narrow">
        <InstallationGuide />
      </div>
    </PublicPage>
  );
}
