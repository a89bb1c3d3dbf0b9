// Message placeholders (docs/product.md section 3) and the renderer shared by the SMS sender and the
// web UI's live preview: both must produce byte-identical text, so all rules live here.
//
// Matching: a placeholder is any "[...]" without nested brackets. Known ones are recognised
// case-insensitively, ignoring spaces, underscores and hyphens inside the brackets:
// [Business Name], [business name], [BUSINESS_NAME], [Website], [emergency-number] ...
//
// Fallbacks, so an SMS never shows a literal "[...]":
// - [Business Name] empty or missing: "our team" ("Our team" at the start of a sentence), so
//   "Thanks for calling [Business Name]!" still reads "Thanks for calling our team!".
// - [WEBSITE], [EMAIL], [EMERGENCY_NUMBER], [OPEN_TIME], [BUSINESS_HOURS] empty or missing: the
//   whole sentence containing the placeholder is left out ("Order online at [WEBSITE]." vanishes
//   instead of reading "Order online at."). Sentences end at . ! ? followed by a space or the end,
//   or at a line break. If that would leave nothing, only the placeholder is removed instead.
// - Unknown placeholders ([CUSTOMER_NAME], [anything]) are removed on their own, keeping the
//   sentence: "Hi [CUSTOMER_NAME], sorry we missed you!" => "Hi, sorry we missed you!".
// - A placeholder wrapped in extra brackets loses them: "[[Business Name]]" => "Acme".
// - Values are trimmed, inner whitespace and line breaks collapse to one space, and any "[" or "]"
//   in a value becomes "(" or ")".
// Afterwards whitespace is tidied: no double spaces, no space before , . ! ? ; :, no space at the
// start or end of a line, at most one blank line, no dangling comma at the start of a sentence,
// no empty "()", and ".." (a name ending in a period before a full stop) becomes ".".

export interface PlaceholderValues {
  businessName?: string;
  website?: string;
  email?: string;
  emergencyNumber?: string;
  /** Next opening, e.g. "tomorrow at 9:00 AM" (see formatNextOpening). */
  openTime?: string;
  /** Weekly summary, e.g. "Mon-Fri 9:00 AM-5:00 PM" (see formatBusinessHours). */
  businessHours?: string;
}

export type PlaceholderKey = keyof PlaceholderValues;

export interface PlaceholderDefinition {
  key: PlaceholderKey;
  /** The canonical spelling, as inserted by the UI. */
  token: string;
  description: string;
}

export const PLACEHOLDERS: readonly PlaceholderDefinition[] = [
  { key: "businessName", token: "[Business Name]", description: 'Your business name. If empty, reads "our team".' },
  {
    key: "website",
    token: "[WEBSITE]",
    description: "Your website. If empty, the sentence containing it is left out.",
  },
  {
    key: "email",
    token: "[EMAIL]",
    description: "Your email address. If empty, the sentence containing it is left out.",
  },
  {
    key: "emergencyNumber",
    token: "[EMERGENCY_NUMBER]",
    description: "A number for urgent calls. If empty, the sentence containing it is left out.",
  },
  {
    key: "openTime",
    token: "[OPEN_TIME]",
    description: 'When you next open, e.g. "tomorrow at 9:00 AM". If unknown, the sentence containing it is left out.',
  },
  {
    key: "businessHours",
    token: "[BUSINESS_HOURS]",
    description: 'Your weekly hours, e.g. "Mon-Fri 9:00 AM-5:00 PM". If empty, the sentence containing it is left out.',
  },
];

/** Realistic values for the UI's live preview. */
export const SAMPLE_PLACEHOLDER_VALUES: Readonly<Required<PlaceholderValues>> = Object.freeze({
  businessName: "Sunrise Services",
  website: "sunriseservices.com",
  email: "hello@sunriseservices.com",
  emergencyNumber: "(555) 010-0199",
  openTime: "tomorrow at 9:00 AM",
  businessHours: "Mon-Fri 9:00 AM-5:00 PM",
});

const KEY_BY_NAME: ReadonlyMap<string, PlaceholderKey> = new Map(PLACEHOLDERS.map((p) => [normaliseName(p.token.slice(1, -1)), p.key] as const));

const BUSINESS_NAME_FALLBACK = "our team";
// Private-use characters mark a resolved placeholder while the template is still being parsed.
const MARK_START = "\uE000";
const MARK_END = "\uE001";
const INNERMOST_TOKEN = /\[([^[\]]*)\]/g;
const MARKER = /\uE000([a-zA-Z]+)\uE001/g;
const SENTENCE = /[^]*?(?:[.!?]+["')]*(?=\s|$)|(?=\n)|$)\s*/g;

function normaliseName(inner: string): string {
  return inner.toLowerCase().replace(/[\s_-]+/g, "");
}

function cleanValue(value: string | undefined): string {
  return (value ?? "").replace(/\[/g, "(").replace(/\]/g, ")").replace(/\s+/g, " ").trim();
}

/** Replaces placeholders, innermost first, with markers; unknown ones are dropped. */
function markPlaceholders(template: string): string {
  let text = template.replace(/[\uE000\uE001]/g, "");
  for (;;) {
    const next = text.replace(INNERMOST_TOKEN, (_token, inner: string) => {
      if (inner.includes(MARK_START)) return inner; // "[[Business Name]]": keep what is inside
      const key = KEY_BY_NAME.get(normaliseName(inner));
      return key ? `${MARK_START}${key}${MARK_END}` : "";
    });
    if (next === text) return text;
    text = next;
  }
}

function dropSentencesWithMissingValues(text: string, values: Record<string, string>): string {
  const sentences = (text.match(SENTENCE) ?? []).filter((s) => s !== "");
  const kept = sentences.filter((sentence) => {
    for (const [, key = ""] of sentence.matchAll(MARKER)) {
      if (key !== "businessName" && values[key] === "") return false;
    }
    return true;
  });
  return kept.some((s) => s.trim() !== "") ? kept.join("") : text;
}

function tidy(text: string): string {
  return text
    .replace(/\(\s*\)/g, "")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/(^|\n|[.!?] )[ ,;:]*[,;:] */g, "$1")
    .replace(/ +([,.!?;:])/g, "$1")
    .replace(/([,;:])(?:[ ,;:]*[,;:])+/g, "$1")
    .replace(/(^|[^.])\.\.(?!\.)/g, "$1.")
    .replace(/\( +/g, "(")
    .replace(/ +\)/g, ")")
    .trim();
}

/** Renders a message template with the given values; see the rules at the top of this file. */
export function renderMessage(template: string, values: PlaceholderValues): string {
  const clean: Record<string, string> = {};
  for (const p of PLACEHOLDERS) clean[p.key] = cleanValue(values[p.key]);
  const text = dropSentencesWithMissingValues(markPlaceholders(template), clean);
  const filled = text.replace(MARKER, (_marker, key: string, offset: number) => {
    const value = clean[key] ?? "";
    if (value !== "" || key !== "businessName") return value;
    const startsSentence = /(?:^|[.!?]["')]*\s|\n)\s*$/.test(text.slice(0, offset));
    return startsSentence ? "Our team" : BUSINESS_NAME_FALLBACK;
  });
  return tidy(filled);
}
