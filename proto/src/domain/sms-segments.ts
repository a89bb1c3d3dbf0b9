// SMS length and segment count, as carriers bill it.
//
// GSM-7 (GSM 03.38): text made only of the basic character set and its extension table. Basic
// characters take 1 septet, extension characters (form feed ^ { } \ [ ~ ] | €) take 2 (escape + char).
// One message holds 160 septets; a longer one is split into segments of 153 (7 go to the header).
// UCS-2: anything else (emoji, curly quotes, accented letters outside the set). Counted in UTF-16
// code units, so an emoji is 2. One message holds 70; segments of 67.
// A segment never splits an escape pair or a surrogate pair: such a character that does not fit
// starts the next segment, as real encoders do, so the count can exceed ceil(length / 153).

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Length as the encoding counts it: septets for GSM-7, UTF-16 code units for UCS-2. */
  characters: number;
  /** Segments billed; 0 for empty text. */
  segments: number;
  /** Capacity of each segment at this length: 160/153 for GSM-7, 70/67 for UCS-2. */
  perSegment: number;
}

/** Longest message the product accepts, in characters (the provider's 10-segment limit). */
export const MAX_MESSAGE_LENGTH = 1600;

const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

const SEPTETS = new Map<string, number>([...[...GSM_BASIC].map((char) => [char, 1] as const), ...[...GSM_EXTENSION].map((char) => [char, 2] as const)]);

const LIMITS: Readonly<Record<SmsEncoding, { single: number; multi: number }>> = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
};

/** Septets per character when the whole text is GSM-7, else null. */
function gsmCosts(text: string): number[] | null {
  const costs: number[] = [];
  for (const char of text) {
    const cost = SEPTETS.get(char);
    if (cost === undefined) return null;
    costs.push(cost);
  }
  return costs;
}

/** Packs costs into segments of `capacity` without splitting a character. */
function packedSegments(costs: readonly number[], capacity: number): number {
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > capacity) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return segments;
}

/** Encoding, length and segment count of an SMS body. */
export function countSmsSegments(text: string): SmsSegmentCount {
  const gsm = gsmCosts(text);
  const encoding: SmsEncoding = gsm ? "GSM-7" : "UCS-2";
  const costs = gsm ?? [...text].map((char) => char.length);
  const characters = costs.reduce((sum, cost) => sum + cost, 0);
  const { single, multi } = LIMITS[encoding];
  if (characters === 0) return { encoding, characters, segments: 0, perSegment: single };
  if (characters <= single) return { encoding, characters, segments: 1, perSegment: single };
  return { encoding, characters, segments: packedSegments(costs, multi), perSegment: multi };
}
