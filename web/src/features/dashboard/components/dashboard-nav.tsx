import { ApiOutlined, BarChartOutlined, BulbOutlined, MessageOutlined, PhoneOutlined } from "@ant-design/icons";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { DASHBOARD_SECTIONS, SECTION_LABELS, type DashboardSection } from "../lib/sections";

const ICONS: Record<DashboardSection, ReactNode> = {
  "how-it-works": <BulbOutlined />,
  setup: <PhoneOutlined />,
  test: <ApiOutlined />,
  configure: <MessageOutlined />,
  analytics: <BarChartOutlined />,
};

/** A sidebar on large screens, a tab grid on small ones (analytics first there, as docs/product.md lists it). */
export function DashboardNav({ current }: { current: DashboardSection }) {
  return (
    <nav aria-label="Dashboard sections" className="rb-dash-nav">
      {DASHBOARD_SECTIONS.map((section) => (
        <Link
          key={section}
          to="/app/{-$section}"
          params={{ section }}
          data-section={section}
          className={`rb-dash-nav__tab${section === current ? " rb-dash-nav__tab--active" : ""}`}
          aria-current={section === current ? "page" : undefined}
        >
          <span aria-hidden className="rb-dash-nav__icon">
            {ICONS[section]}
          </span>
          <span>{SECTION_LABELS[section]}</span>
        </Link>
      ))}
    </nav>
  );
}
