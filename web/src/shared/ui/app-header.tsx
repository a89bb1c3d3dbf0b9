import { Link } from "@tanstack/react-router";
import { lazy, Suspense, type ReactNode } from "react";
import { useUser } from "@/shared/auth/get-user";
import { LinkButton } from "./link-button";
import { Logo } from "./logo";

// The account menu's antd parts (menu, dropdown, popover, avatar) load only for a signed-in user.
const AccountActions = lazy(() => import("./account-actions").then((module) => ({ default: module.AccountActions })));

/** The navigation bar of every screen but the landing page (docs/product.md section 2, Navigation bar); `extra` adds signed-in actions (the dashboard's dialogs). */
export function AppHeader({ extra }: { extra?: ReactNode } = {}) {
  const { user, isLoading } = useUser();

  return (
    <header className="rb-appbar">
      <div className="rb-container rb-appbar__inner">
        <Link to="/" className="rb-appbar__brand" aria-label="Rebound home">
          <Logo />
        </Link>
        <nav aria-label="Account" className="rb-appbar__actions">
          {isLoading ? null : user ? (
            <Suspense fallback={null}>
              <AccountActions user={user} extra={extra} />
            </Suspense>
          ) : (
            <LinkButton to="/login" buttonType="primary" ghost>
              Sign In
            </LinkButton>
          )}
        </nav>
      </div>
    </header>
  );
}
