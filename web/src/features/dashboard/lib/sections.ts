/** The dashboard's sections (docs/product.md section 2): a missing or unknown one is how-it-works. */
export const DASHBOARD_SECTIONS = ["how-it-works", "setup", "test", "configure", "analytics"] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];
export const DEFAULT_SECTION: DashboardSection = "how-it-works";

/** Every entry of the sidebar and tab grid: the sections above, then the inbox (routes of its own, /app/inbox). */
export const NAV_SECTIONS = [...DASHBOARD_SECTIONS, "inbox"] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export function isDashboardSection(value: string | undefined): value is DashboardSection {
  return DASHBOARD_SECTIONS.includes(value as DashboardSection);
}

export const SECTION_LABELS: Record<NavSection, string> = {
  "how-it-works": "How it works",
  setup: "Setup",
  test: "Test",
  configure: "Configure",
  analytics: "Your Results",
  inbox: "Inbox",
};
