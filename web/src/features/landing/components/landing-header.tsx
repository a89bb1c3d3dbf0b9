import { CloseOutlined, MenuOutlined } from "@ant-design/icons";
import { Link } from "@tanstack/react-router";
import Button from "antd/es/button";
import { useEffect, useState, type MouseEvent } from "react";
import { LinkButton } from "@/shared/ui/link-button";
import { Logo } from "@/shared/ui/logo";

export const LANDING_ANCHORS = [
  { href: "#how-it-works", label: "How It Works" },
  { href: "#features", label: "Features" },
  { href: "#testimonials", label: "Reviews" },
  { href: "#pricing", label: "Pricing" },
  { href: "#faq", label: "FAQ" },
] as const;

/** The landing page's sticky header: anchors, calculator, sign in, get started, a mobile menu. */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const toTop = (event: MouseEvent) => {
    event.preventDefault();
    close();
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  return (
    <header className="rb-landing-header">
      <div className="rb-container rb-landing-header__inner">
        <a href="/" onClick={toTop} className="rb-landing-header__brand" aria-label="Rebound, back to top">
          <Logo />
        </a>
        <nav aria-label="Main" className="rb-landing-header__nav">
          {LANDING_ANCHORS.map((anchor) => (
            <a key={anchor.href} href={anchor.href}>
              {anchor.label}
            </a>
          ))}
          <Link to="/calculator">Calculator</Link>
        </nav>
        <div className="rb-landing-header__actions">
          <Link to="/login" className="rb-landing-header__signin">
            Sign In
          </Link>
          <LinkButton to="/register" buttonType="primary">
            Get Started
          </LinkButton>
        </div>
        <Button
          className="rb-landing-header__toggle"
          type="text"
          size="large"
          icon={open ? <CloseOutlined /> : <MenuOutlined />}
          aria-label={open ? "Close menu" : "Open menu"}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((shown) => !shown)}
        />
      </div>
      <nav id="mobile-menu" aria-label="Mobile" className="rb-mobile-menu" hidden={!open}>
        <ul className="rb-container">
          {LANDING_ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <a href={anchor.href} onClick={close}>
                {anchor.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/calculator" onClick={close}>
              Calculator
            </Link>
          </li>
          <li>
            <Link to="/login" onClick={close}>
              Sign In
            </Link>
          </li>
          <li>
            <LinkButton to="/register" buttonType="primary" block size="large" onClick={close}>
              Get Started
            </LinkButton>
          </li>
        </ul>
      </nav>
    </header>
  );
}
