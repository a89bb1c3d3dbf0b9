import { countSmsSegments, type SmsSegmentCount } from "@rebound/contracts/domain";

export interface MessageCost extends SmsSegmentCount {
  /** A warning when the text costs more than one standard SMS, or null. */
  warning: string | null;
}

/** Segments of the text as sent, and why it costs more when it does (an emoji, a long text). */
export function messageCost(text: string): MessageCost {
  const count = countSmsSegments(text);
  const warnings: string[] = [];
  if (count.encoding === "UCS-2") {
    warnings.push("A character outside the standard SMS alphabet (an emoji or a curly quote) makes each text hold 70 characters instead of 160.");
  }
  if (count.segments > 1) warnings.push(`This text is sent as ${count.segments} messages, so each one costs ${count.segments} times as much.`);
  return { ...count, warning: warnings.length ? warnings.join(" ") : null };
}
