// The pure rules of reconciliation from the provider: which span to ask about, and which of the provider's
// calls are missed calls our voice webhook should have recorded.
import type { ProviderCall } from "@rebound/providers/telephony";

/** Each run asks again for this much before the watermark: a call the provider listed late is not missed. */
export const RECONCILE_OVERLAP_MS = 2 * 60_000;

export interface ReconcileWindowInput {
  /** Up to where the previous run compared (undefined: never). */
  watermark: Date | undefined;
  now: Date;
  lookbackMs: number;
  settleMs: number;
  overlapMs?: number;
}

/**
 * The span [from, until] to compare: from the watermark minus the overlap (never before the lookback, so a number
 * left alone for days does not ask for its whole history), or the lookback on a first run; until now minus the
 * settle time (calls whose webhook may still be in flight wait for the next run). Undefined when empty.
 */
export function reconcileWindow(input: ReconcileWindowInput): { from: Date; until: Date } | undefined {
  const now = input.now.getTime();
  const until = now - input.settleMs;
  const floor = now - input.lookbackMs;
  const from = input.watermark ? Math.max(input.watermark.getTime() - (input.overlapMs ?? RECONCILE_OVERLAP_MS), floor) : floor;
  return from < until ? { from: new Date(from), until: new Date(until) } : undefined;
}

/**
 * The provider's calls that would have reached our voice webhook as missed calls: inbound, to this dedicated
 * number, started inside the window, not from our forwarding-test caller (a test has its own timeout), and not
 * `failed` (a call the provider could not connect never rang our webhook). Oldest first, each CallSid once.
 */
export function missedCallsToReconcile(calls: ProviderCall[], options: { dedicatedNumber: string; until: Date; testCallerNumber: string }): ProviderCall[] {
  const seen = new Set<string>();
  const until = options.until.getTime();
  return calls
    .filter((call) => call.direction === "inbound" && call.to === options.dedicatedNumber && call.status !== "failed")
    .filter((call) => call.from !== options.testCallerNumber && call.startTime.getTime() <= until)
    .filter((call) => (seen.has(call.sid) ? false : (seen.add(call.sid), true)))
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}

/** The next `max` items of a list taken in turn from `cursor` (wrapping), and the cursor after them. */
export function takeInTurn<T>(items: T[], cursor: number, max: number): { batch: T[]; next: number } {
  if (items.length === 0) return { batch: [], next: 0 };
  const start = cursor % items.length;
  const count = Math.min(max, items.length);
  const batch = Array.from({ length: count }, (_, index) => items[(start + index) % items.length] as T);
  return { batch, next: (start + count) % items.length };
}
