import "@/styles/signed-in.css";
import { PhoneOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { useBusiness } from "@/shared/business/get-business";
import { AppHeader } from "@/shared/ui/app-header";
import { usePageMeta } from "@/shared/ui/page-meta";
import { SECTION_LABELS, type NavSection } from "../lib/sections";
import { DashboardDialogsContext, type DashboardDialogs, type ForwardingTab } from "./dashboard-dialogs";
import { DashboardFooter } from "./dashboard-footer";
import { DashboardNav } from "./dashboard-nav";
import { ForwardingDialog } from "./forwarding-dialog";
import { PlanBanner } from "./plan-banner";
import { TextingRegistrationBanner } from "./texting-registration-banner";
import { TutorialDialog } from "./tutorial-dialog";
import { WelcomeTutorial } from "./welcome-tutorial";

/**
 * The signed-in dashboard: header with the tutorial and forwarding dialogs, sidebar or tab grid, footer.
 * `focused`: a screen of its own on small screens (an inbox thread), without the tab grid above it.
 */
export function DashboardShell({ section, focused = false, children }: { section: NavSection; focused?: boolean; children: ReactNode }) {
  usePageMeta(`${SECTION_LABELS[section]} | Rebound`, "Your Rebound dashboard: setup, test, messages and results.");
  const [forwarding, setForwarding] = useState<{ open: boolean; tab: ForwardingTab }>({ open: false, tab: "mobile" });
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const business = useBusiness();
  const dialogs = useMemo<DashboardDialogs>(
    () => ({ openForwarding: (tab = "mobile") => setForwarding({ open: true, tab }), openTutorial: () => setTutorialOpen(true) }),
    [],
  );
  return (
    <DashboardDialogsContext.Provider value={dialogs}>
      <div className={focused ? "rb-page rb-dash rb-dash--focused" : "rb-page rb-dash"}>
        <AppHeader
          extra={
            <>
              <Button
                type="text"
                size="large"
                icon={<QuestionCircleOutlined />}
                onClick={() => setTutorialOpen(true)}
                className="rb-appbar__action"
                aria-label="Tutorial"
              >
                <span className="rb-appbar__action-label">Tutorial</span>
              </Button>
              <Button
                type="text"
                size="large"
                icon={<PhoneOutlined />}
                onClick={() => dialogs.openForwarding()}
                className="rb-appbar__action"
                aria-label="Forwarding help"
              >
                <span className="rb-appbar__action-label">Forwarding help</span>
              </Button>
            </>
          }
        />
        <div className="rb-container rb-dash__body">
          <DashboardNav current={section} />
          <main id="main" className="rb-dash__main" data-section={section}>
            <PlanBanner />
            <TextingRegistrationBanner />
            {children}
          </main>
        </div>
        <DashboardFooter />
      </div>
      <TutorialDialog open={tutorialOpen} onClose={() => setTutorialOpen(false)} />
      <ForwardingDialog
        open={forwarding.open}
        tab={forwarding.tab}
        onTab={(tab) => setForwarding({ open: true, tab })}
        onClose={() => setForwarding((state) => ({ ...state, open: false }))}
        dedicatedNumber={business.data?.dedicatedTwilioNumber}
      />
      {tutorialOpen ? null : <WelcomeTutorial />}
    </DashboardDialogsContext.Provider>
  );
}
