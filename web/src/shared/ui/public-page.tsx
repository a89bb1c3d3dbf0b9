import type { ReactNode } from "react";
import { AppHeader } from "./app-header";
import { SiteFooter } from "./site-footer";

/** Header, main landmark and footer around a public screen. */
export function PublicPage({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className="rb-page">
      <AppHeader />
      <main id="main" className={narrow ? "rb-main rb-main--narrow" : "rb-main"}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
