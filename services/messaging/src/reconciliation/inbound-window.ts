// The pure rules of inbound reconciliation from the provider (the same span rules as telephony's call reconciliation).
import type { ProviderInboundMessage } from "@rebound/providers/telephony";

/** Each run asks again for this much before the watermark: a text the provider listed late is not missed. */
export const RECONCILE_OVERLAP_MS = 2 * 60_000;

/**
 * The span [from, until] to compare: from the watermark minus the overlap (never before the lookback), or the lookback
 * on a first run; until now minus the settle time (texts whose webhook may still be in flight wait). Undefined when empty.
 */
export function reconcileWindow(input: {
  watermark: Date | undefined;
  now: Date;
  lookbackMs: number;
  settleMs: number;
}): { from: Date; until: Date } | undefined {
  const now = input.now.getTime();
  const until = now - input.settleMs;
  const floor = now - input.lookbackMs;
  const from = input.watermark ? Math.max(input.watermark.getTime() - RECONCILE_OVERLAP_MS, floor) : floor;
  return from < until ? { from: new Date(from), until: new Date(until) } : undefined;
}

/** The texts to this dedicated number inside the window, oldest first (a STOP then START keep their order), each sid once. */
export function inboundToReconcile(messages: ProviderInboundMessage[], options: { dedicatedNumber: string; until: Date }): ProviderInboundMessage[] {
  const seen = new Set<string>();
  const until = options.until.getTime();
  return messages
    .filter((message) => message.to === options.dedicatedNumber && message.dateSent.getTime() <= until)
    .filter((message) => (seen.has(message.sid) ? false : (seen.add(message.sid), true)))
    .sort((a, b) => a.dateSent.getTime() - b.dateSent.getTime());
}

/** The next `max` items taken in turn from `cursor` (wrapping), and the cursor after them. */
export function takeInTurn<T>(items: T[], cursor: number, max: number): { batch: T[]; next: number } {
  if (items.length === 0) return { batch: [], next: 0 };
  const start = cursor % items.length;
  const count = Math.min(max, items.length);
  return { batch: Array.from({ length: count }, (_, index) => items[(start + index) % items.length] as T), next: (start + count) % items.length };
}
