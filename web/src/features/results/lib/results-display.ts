import { describeDeliveryError, type AnalyticsStatsResponse, type AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { formatUsd } from "@/shared/lib/money";

export const RECENT_LIMIT = 5;

/** 'Answered' is answered; anything else is a missed call (docs/product.md section 3). */
export const isAnswered = (status: string) => status === "Answered";

/** delivered and sent read as such; anything else is failed (docs/product.md section 3). */
export function smsStatusLabel(status: string): "Delivered" | "Sent" | "Failed" {
  return status === "delivered" ? "Delivered" : status === "sent" ? "Sent" : "Failed";
}

/** 0.834 -> '83%'; null (no missed calls) -> '—'. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)}%`;
}

/** Seconds to text as '2.4 s' or '1 min 5 s'; null -> '—'. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "—";
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

export const formatRevenue = formatUsd;

/**
 * An ISO time as 'Jan 5, 3:04 PM EST': in the business's time zone when known (the chart's days
 * are the business's), else the viewer's; the zone is named either way.
 */
export function formatTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };
  try {
    return date.toLocaleString("en-US", { ...options, timeZone });
  } catch {
    // A zone this browser does not know: the viewer's own.
    return date.toLocaleString("en-US", options);
  }
}

/** '2025-01-05' -> 'Jan 5' for the chart's axis. */
export function shortDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  if (!year || !month || !day) return date;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** Missed calls in the range that were recorded but not texted because the account had no subscription in good standing. */
export function notTextedForNoSubscription(summary: Pick<AnalyticsSummaryResponse, "textBack">): number {
  return summary.textBack.notTexted.suppressed.no_subscription ?? 0;
}

/** Missed calls in the range not texted because US texting registration was not approved yet ("waiting for texting approval"). */
export function notTextedForRegistration(summary: Pick<AnalyticsSummaryResponse, "textBack">): number {
  return summary.textBack.notTexted.suppressed.registration_pending ?? 0;
}

/** 'N missed calls were waiting for texting approval' (1: 'call was'). */
export function registrationPendingLine(count: number): string {
  return `${count} missed ${count === 1 ? "call was" : "calls were"} not texted back: waiting for texting approval.`;
}

/**
 * A recent text's status in words: a failed text says why (analytics' errorDescription, else
 * contracts' words for its code, else 'Failed'); `registration` when the cause is texting registration.
 */
export function smsStatusWords(sms: Pick<AnalyticsStatsResponse["recentSms"][number], "status" | "errorCode" | "errorDescription">): {
  label: string;
  failed: boolean;
  registration: boolean;
} {
  const label = smsStatusLabel(sms.status);
  if (label !== "Failed") return { label, failed: false, registration: false };
  const known = describeDeliveryError(sms.errorCode);
  const words = sms.errorDescription?.trim() || known?.words || "Failed";
  return { label: words, failed: true, registration: known?.registrationProblem ?? /texting registration/i.test(words) };
}
