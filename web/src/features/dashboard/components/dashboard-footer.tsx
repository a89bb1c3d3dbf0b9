import { Link } from "@tanstack/react-router";
import { env } from "@/config/env";

/** The dashboard footer: Product and Company & Support columns (docs/product.md section 2). */
export function DashboardFooter() {
  return (
    <footer className="rb-dash-footer">
      <div className="rb-container rb-dash-footer__grid">
        <nav aria-label="Product" className="rb-dash-footer__col">
          <h2 className="rb-dash-footer__heading">Product</h2>
          <Link to="/app/{-$section}" params={{ section: "how-it-works" }}>
            Dashboard
          </Link>
          <Link to="/installation-guide">Call Forwarding Setup Guide</Link>
          <Link to="/calculator">Revenue Calculator</Link>
          <Link to="/billing">Billing &amp; Plans</Link>
        </nav>
        <nav aria-label="Company and support" className="rb-dash-footer__col">
          <h2 className="rb-dash-footer__heading">Company &amp; Support</h2>
          <Link to="/help">Help Center</Link>
          <Link to="/about">About</Link>
          <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
          <span>
            <Link to="/privacy">Privacy</Link> · <Link to="/terms">Terms</Link>
          </span>
        </nav>
        <p className="rb-dash-footer__copy">© {new Date().getFullYear()} Rebound. All rights reserved.</p>
      </div>
    </footer>
  );
}
