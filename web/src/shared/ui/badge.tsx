import type { ReactNode } from "react";

export type BadgeTone = "success" | "warning" | "danger" | "info" | "neutral" | "accent";

/** A small status label with text at 4.5:1 or better on its background (antd's preset tag colours are lighter). */
export function Badge({ tone, children, testId, className }: { tone: BadgeTone; children: ReactNode; testId?: string; className?: string }) {
  return (
    <span className={`rb-badge rb-badge--${tone}${className ? ` ${className}` : ""}`} data-testid={testId}>
      {children}
    </span>
  );
}
