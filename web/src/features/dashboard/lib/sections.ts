/** The dashboard's sections (docs/product.md section 2): a missing or unknown one is how-it-works. */
export const DASHBOARD_SECTIONS = ["how-it-works", "setup", "test", "configure", "analytics"] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];
export const DEFAULT_SECTION: DashboardSection = "how-it-works";

export function isDashboardSection(value: string | undefined): value is DashboardSection {
  return DASHBOARD_SECTIONS.includes(value as DashboardSection);
}

export const SECTION_LABELS: Record<DashboardSection, string> = {
  "how-it-works": "How it works",
  setup: "Setup",
  test: "Test",
  configure: "Configure",
  analytics: "Your Results",
};
