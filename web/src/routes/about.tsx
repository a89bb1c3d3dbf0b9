import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "@/features/legal/components/about-page";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/about")({ component: Page });

function Page() {
  usePageMeta("About | Rebound", "Rebound texts your callers back when you miss their call, so small businesses stop losing customers to voicemail.");
  return (
    <PublicPage>
      <div className="rb-container rb-container--narrow">
        <AboutPage />
      </div>
    </PublicPage>
  );
}
