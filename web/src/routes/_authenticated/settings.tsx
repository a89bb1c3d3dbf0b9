import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { usePageMeta } from "@/shared/ui/page-meta";
import { PublicPage } from "@/shared/ui/public-page";

export const Route = createFileRoute("/_authenticated/settings")({ component: Page });

function Page() {
  usePageMeta("Settings | Rebound", "Your Rebound profile, password and texting rules.");
  return (
    <PublicPage>
      <div className="rb-container rb-container--narrow">
        <SettingsPage />
      </div>
    </PublicPage>
  );
}
