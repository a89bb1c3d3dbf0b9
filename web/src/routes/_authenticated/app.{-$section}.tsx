import { createFileRoute, redirect } from "@tanstack/react-router";
import { ConfigureSection } from "@/features/configure/components/configure-section";
import { DashboardShell } from "@/features/dashboard/components/dashboard-shell";
import { HowItWorksSection } from "@/features/dashboard/components/how-it-works-section";
import { SetupSection } from "@/features/dashboard/components/setup-section";
import { TestSection } from "@/features/dashboard/components/test-section";
import { DEFAULT_SECTION, isDashboardSection, type DashboardSection } from "@/features/dashboard/lib/sections";
import { ResultsSection } from "@/features/results/components/results-section";

/** The dashboard (docs/product.md section 2: a missing or unknown section goes to how-it-works). */
export const Route = createFileRoute("/_authenticated/app/{-$section}")({
  beforeLoad: ({ params }) => {
    if (!isDashboardSection(params.section)) throw redirect({ to: "/app/{-$section}", params: { section: DEFAULT_SECTION }, replace: true });
  },
  component: DashboardRoute,
});

const SECTIONS: Record<DashboardSection, () => React.ReactNode> = {
  "how-it-works": () => <HowItWorksSection />,
  setup: () => <SetupSection />,
  test: () => <TestSection />,
  configure: () => <ConfigureSection />,
  analytics: () => <ResultsSection />,
};

function DashboardRoute() {
  const { section: param } = Route.useParams();
  const section = isDashboardSection(param) ? param : DEFAULT_SECTION;
  return <DashboardShell section={section}>{SECTIONS[section]()}</DashboardShell>;
}
