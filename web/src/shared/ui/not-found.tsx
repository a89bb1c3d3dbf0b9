import { LinkButton } from "./link-button";
import { usePageMeta } from "./page-meta";
import { PublicPage } from "./public-page";

export function NotFound() {
  usePageMeta("Page Not Found | Rebound", "The page you were looking for does not exist.");
  return (
    <PublicPage narrow>
      <div className="rb-center-card">
        <p className="rb-eyebrow">404</p>
        <h1 className="rb-h2">Page Not Found</h1>
        <p className="rb-muted">We couldn't find that page. It may have moved, or the link may be wrong.</p>
        <LinkButton to="/" buttonType="primary" size="large">
          Go Home
        </LinkButton>
      </div>
    </PublicPage>
  );
}
