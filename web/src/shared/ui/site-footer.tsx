import { Link } from "@tanstack/react-router";
import { env } from "@/config/env";
import { Logo } from "./logo";

/** The public footer: the links of docs/product.md section 2, support and sales mail links, year 2025. */
export function SiteFooter() {
  return (
    <footer className="rb-footer">
      <div className="rb-container rb-footer__grid">
        <div className="rb-footer__brand">
          <Logo inverted />
          <p>Text back every missed call, automatically. Keep your number, keep the lead.</p>
        </div>
        <nav aria-label="Product" className="rb-footer__col">
          <h2 className="rb-footer__heading">Product</h2>
          <Link to="/calculator">Revenue Calculator</Link>
          <Link to="/installation-guide">Call Forwarding Setup Guide</Link>
          <Link to="/register">Start Your Trial</Link>
        </nav>
        <nav aria-label="Company and support" className="rb-footer__col">
          <h2 className="rb-footer__heading">Company &amp; Support</h2>
          <Link to="/about">About</Link>
          <Link to="/help">Help Center</Link>
          <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
          <a href={`mailto:${env.salesEmail}`}>{env.salesEmail}</a>
        </nav>
        <nav aria-label="Legal" className="rb-footer__col">
          <h2 className="rb-footer__heading">Legal</h2>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
        </nav>
      </div>
      <div className="rb-container rb-footer__bottom">© {new Date().getFullYear()} Rebound. All rights reserved.</div>
    </footer>
  );
}
