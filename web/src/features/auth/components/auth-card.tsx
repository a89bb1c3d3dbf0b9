import type { ReactNode } from "react";

/** The centred card the sign-in and password screens sit in. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="rb-auth">
      <section className="rb-auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="rb-h2">
          {title}
        </h1>
        {subtitle ? <p className="rb-muted rb-auth__subtitle">{subtitle}</p> : null}
        {children}
      </section>
      {footer ? <div className="rb-auth__footer">{footer}</div> : null}
    </div>
  );
}
