import { planByName, planPriceCents, type BillingFrequency, type PlanName } from "@rebound/contracts/domain";
import { epochSeconds } from "./billing-period";

export interface ProrationLine {
  description: string;
  amountCents: number;
  proration: true;
  periodStart: number;
  periodEnd: number;
}

export interface PlanAt {
  plan: PlanName;
  frequency: BillingFrequency;
}

/** Fraction of [start, end) still ahead at `now`, between 0 and 1. */
export function unusedFraction(start: Date, end: Date, now: Date): number {
  const total = end.getTime() - start.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / total));
}

const label = (at: PlanAt) => `${planByName(at.plan).displayName} (${at.frequency})`;
const dateLabel = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Stripe's proration for a plan change at `now` inside the paid period [start, end): a credit for the
 * unused time on the old plan and a charge for the remaining time on the new one. When the frequency
 * changes the period restarts at `now` (newEnd), so the new plan's line is a whole period.
 */
export function prorationLines(from: PlanAt, to: PlanAt, start: Date, end: Date, now: Date, newEnd: Date): ProrationLine[] {
  const unused = unusedFraction(start, end, now);
  const credit = Math.round(planPriceCents(from.plan, from.frequency) * unused);
  const sameCycle = from.frequency === to.frequency;
  const charge = sameCycle ? Math.round(planPriceCents(to.plan, to.frequency) * unused) : planPriceCents(to.plan, to.frequency);
  const lines: ProrationLine[] = [];
  if (credit > 0) {
    lines.push({
      description: `Unused time on ${label(from)} after ${dateLabel(now)}`,
      amountCents: -credit,
      proration: true,
      periodStart: epochSeconds(now),
      periodEnd: epochSeconds(end),
    });
  }
  lines.push({
    description: `Remaining time on ${label(to)} after ${dateLabel(now)}`,
    amountCents: charge,
    proration: true,
    periodStart: epochSeconds(now),
    periodEnd: epochSeconds(sameCycle ? end : newEnd),
  });
  return lines;
}
