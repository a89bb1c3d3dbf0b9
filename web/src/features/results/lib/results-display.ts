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

/** A reply time in plain words: '45 s', '12 min', '2 h 5 min', '1 day 3 h'; null -> '—'. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "—";
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? "day" : "days"}${rest === 0 ? "" : ` ${rest} h`}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface ConversationCard {
  label: string;
  value: string;
  hint: string;
  testId: string;
}

/**
 * The conversations row of Your Results: the reply rate, the owner's median reply time and what was
 * booked (measured from the outcomes the owner marked, beside the estimate). `empty` when none has data yet.
 */
export function conversationCards(
  summary: Pick<AnalyticsSummaryResponse, "replyRate" | "callersTexted" | "callersWhoReplied" | "secondsToOwnerReply" | "booked">,
): { empty: boolean; cards: ConversationCard[] } {
  const { replyRate, callersTexted, callersWhoReplied, secondsToOwnerReply, booked } = summary;
  const cards: ConversationCard[] = [
    {
      label: "Callers who replied",
      value: formatRate(replyRate),
      hint: callersTexted === 0 ? "No callers texted yet" : `${callersWhoReplied} of ${plural(callersTexted, "caller", "callers")} texted`,
      testId: "stat-reply-rate",
    },
    {
      label: "Your median reply time",
      value: formatDuration(secondsToOwnerReply.medianSeconds),
      hint:
        secondsToOwnerReply.count === 0
          ? "Shows once you answer a caller's reply"
          : `From their first reply to yours, over ${plural(secondsToOwnerReply.count, "conversation", "conversations")}`,
      testId: "stat-owner-reply-time",
    },
    {
      label: "Booked from conversations",
      value: booked.count === 0 ? "—" : formatUsd(booked.valueCents / 100),
      hint:
        booked.count === 0
          ? "Mark a conversation booked in your inbox"
          : `Measured: ${plural(booked.count, "conversation", "conversations")} you marked booked`,
      testId: "stat-booked",
    },
  ];
  return { empty: callersTexted === 0 && secondsToOwnerReply.count === 0 && booked.count === 0, cards };
}

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
