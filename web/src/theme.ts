import type { ThemeConfig } from "antd";

/**
 * The one theme of the app (BRAND.md): deep teal for primary actions, amber for the trial
 * offer, Inter, 8 px radius. Components read antd tokens; the page stylesheet reads the
 * same values as CSS custom properties written from `brand` below, so no colour is repeated.
 */
export const brand = {
  primary: "#0f766e",
  primaryHover: "#115e59",
  primarySoft: "#e6f4f1",
  accent: "#f59e0b",
  accentSoft: "#fff7e6",
  ink: "#111827",
  text: "#1f2937",
  muted: "#4b5563",
  border: "#e5e7eb",
  surface: "#ffffff",
  canvas: "#f7faf9",
  dark: "#0b3b37",
  danger: "#b42318",
  dangerSoft: "#fef3f2",
  success: "#067647",
  warningSoft: "#fef9c3",
  warningInk: "#713f12",
  radius: 8,
  font: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
} as const;

export const theme: ThemeConfig = {
  cssVar: { key: "rebound" },
  hashed: false,
  token: {
    colorPrimary: brand.primary,
    colorLink: brand.primary,
    colorLinkHover: brand.primaryHover,
    colorWarning: brand.accent,
    colorError: brand.danger,
    colorSuccess: brand.success,
    colorText: brand.text,
    colorTextSecondary: brand.muted,
    // antd's defaults (45% and 25% black) fall below 4.5:1 on white: help texts and placeholders use the muted grey.
    colorTextDescription: brand.muted,
    colorTextPlaceholder: "#6b7280",
    colorBorder: "#d1d5db",
    colorBgLayout: brand.canvas,
    borderRadius: brand.radius,
    borderRadiusLG: 12,
    fontFamily: brand.font,
    fontSize: 16,
    lineHeight: 1.6,
    controlHeight: 44,
    controlHeightLG: 48,
    controlHeightSM: 32,
    boxShadow: "0 1px 2px rgba(16,24,40,.06), 0 4px 12px rgba(16,24,40,.06)",
  },
  components: {
    Button: { fontWeight: 600, primaryShadow: "none" },
    Card: { borderRadiusLG: 12 },
    Collapse: { headerPadding: "16px 20px" },
    // antd's tint of the dark teal is a grey: a finished step reads as the brand's soft teal.
    Steps: { colorPrimaryBg: brand.primarySoft },
  },
};

/** `brand` as CSS custom properties (`--rb-primary`...), for the page stylesheet. */
export function brandCssVariables(): Record<string, string> {
  const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return Object.fromEntries(Object.entries(brand).map(([key, value]) => [`--rb-${kebab(key)}`, typeof value === "number" ? `${value}px` : value]));
}
