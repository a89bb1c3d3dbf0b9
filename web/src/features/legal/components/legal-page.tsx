import type { ReactNode } from "react";

export const LAST_UPDATED = "Last updated November 26, 2026";

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A legal document: title, the last-updated line, numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="rb-doc rb-legal">
      <header className="rb-doc__header">
        <h1 className="rb-h2">{title}</h1>
        <p className="rb-muted">{LAST_UPDATED}</p>
        <p>{intro}</p>
      </header>
      {sections.map((section, index) => (
        <section key={section.heading} className="rb-legal__section">
          <h2 className="rb-h3">
            {index + 1}. {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
