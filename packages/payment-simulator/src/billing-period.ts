import type { BillingFrequency } from "@rebound/contracts/domain";

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * One billing interval later, as Stripe anchors it: same day of month (clamped to the month's
 * last day, in UTC), same time of day.
 */
export function addInterval(at: Date, frequency: BillingFrequency): Date {
  const months = frequency === "yearly" ? 12 : 1;
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(at.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
