// The time zones a business can choose from (docs/product.md section 9: 16 choices).
// Values are IANA names so they can be handed straight to Intl.DateTimeFormat.

export interface TimeZoneOption {
  readonly value: string;
  readonly label: string;
}

export const TIME_ZONES = [
  { value: "America/New_York", label: "New York" },
  { value: "America/Chicago", label: "Chicago" },
  { value: "America/Denver", label: "Denver" },
  { value: "America/Los_Angeles", label: "Los Angeles" },
  { value: "America/Anchorage", label: "Anchorage" },
  { value: "Pacific/Honolulu", label: "Honolulu" },
  { value: "Europe/London", label: "London" },
  { value: "Europe/Paris", label: "Paris" },
  { value: "Europe/Moscow", label: "Moscow" },
  { value: "Asia/Dubai", label: "Dubai" },
  { value: "Asia/Kolkata", label: "Kolkata" },
  { value: "Asia/Tokyo", label: "Tokyo" },
  { value: "Asia/Shanghai", label: "Shanghai" },
  { value: "Australia/Sydney", label: "Sydney" },
  { value: "America/Sao_Paulo", label: "Sao Paulo" },
  { value: "Africa/Cairo", label: "Cairo" },
] as const satisfies readonly TimeZoneOption[];

export type SupportedTimeZone = (typeof TIME_ZONES)[number]["value"];

/** The product's default for a new business. */
export const DEFAULT_TIME_ZONE: SupportedTimeZone = "America/New_York";

const SUPPORTED: ReadonlySet<string> = new Set(TIME_ZONES.map((zone) => zone.value));

/** True when `value` is exactly one of the 16 supported IANA names (case-sensitive). */
export function isSupportedTimeZone(value: unknown): value is SupportedTimeZone {
  return typeof value === "string" && SUPPORTED.has(value);
}

let byCanonicalName: ReadonlyMap<string, SupportedTimeZone> | undefined;

function canonicalName(value: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The supported zone `value` names, accepting aliases the runtime treats as the same zone
 * (a browser may report "Asia/Calcutta" for Asia/Kolkata, or "US/Eastern"); null otherwise.
 * For preselecting the visitor's zone, not on a hot path.
 */
export function toSupportedTimeZone(value: string): SupportedTimeZone | null {
  if (isSupportedTimeZone(value)) return value;
  byCanonicalName ??= new Map(TIME_ZONES.map((zone) => [canonicalName(zone.value) ?? zone.value, zone.value]));
  const canonical = canonicalName(value);
  return canonical === null ? null : (byCanonicalName.get(canonical) ?? null);
}
