/** Rebound's mark (a curved arrow returning to a speech bubble) and word. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="rb-logo__mark">
      <rect width="32" height="32" rx="8" className="rb-logo__tile" />
      <path d="M9 20a7 7 0 1 1 5 4.6" fill="none" className="rb-logo__stroke" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M6.5 17.5 9 21l3.4-2.6" fill="none" className="rb-logo__stroke" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="20" cy="14" r="1.4" className="rb-logo__dot" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`rb-logo${inverted ? " rb-logo--inverted" : ""}`}>
      <LogoMark />
      <span className="rb-logo__word">Rebound</span>
    </span>
  );
}
