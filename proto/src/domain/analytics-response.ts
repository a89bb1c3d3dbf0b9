import { z } from "zod";

/**
 * GET /api/analytics/stats (docs/product.md section 3, "Analytics response") and GET /api/analytics/summary,
 * written once: analytics answers with them, its contract tests check them, the web app parses
 * with them. Times are ISO 8601 strings; lists are newest first.
 */

/** Recent calls and texts per list by default (docs/product.md section 9: 5 recent calls and 5 recent SMS), and at most. */
export const ANALYTICS_RECENT_DEFAULT = 5;
export const ANALYTICS_RECENT_MAX = 50;

/** 'Answered', or the missed status (docs/product.md section 3: anything but 'Answered' is treated as missed). */
export const CALL_STATUS_NAMES = ["Answered", "Missed"] as const;
/** The product's delivered / sent; anything else is failed. Texts still on their way read 'sent'. */
export const SMS_STATUS_NAMES = ["delivered", "sent", "failed"] as const;

const isoTime = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

export const analyticsStatsResponseSchema = z.object({
  stats: z.object({ totalCalls: count, missedCalls: count, totalSms: count }),
  recentCalls: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      time: isoTime,
      status: z.enum(CALL_STATUS_NAMES),
      /** The caller was texted (the carrier accepted the text). */
      responded: z.boolean(),
    }),
  ),
  recentSms: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      message: z.string(),
      time: isoTime,
      status: z.enum(SMS_STATUS_NAMES),
      /** A failed text's carrier error code (e.g. "30034"); absent or null otherwise. */
      errorCode: z.string().nullish(),
      /** A failed text's error in the owner's words (contracts' describeDeliveryError, e.g. "Blocked by the carrier: texting registration"). */
      errorDescription: z.string().nullish(),
    }),
  ),
});

export type AnalyticsStatsResponse = z.infer<typeof analyticsStatsResponseSchema>;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dayFigures = { calls: count, missed: count, texted: count, delivered: count, replies: count };
const seconds = z.number().nonnegative().nullable();
const distribution = z.object({ count, medianSeconds: seconds, p95Seconds: seconds });

export const analyticsSummaryResponseSchema = z.object({
  range: z.object({ from: localDate, to: localDate, timeZone: z.string() }),
  totals: z.object(dayFigures),
  daily: z.array(z.object({ date: localDate, ...dayFigures })),
  textBack: z.object({
    /** texted / missed, 0..1; null without missed calls. */
    rate: z.number().min(0).max(1).nullable(),
    missed: count,
    texted: count,
    /** suppressed counts by reason: no_subscription, registration_pending (waiting for texting approval), ... */
    notTexted: z.object({ suppressed: z.record(z.string(), count), noCallerId: count, failed: count, pending: count }),
  }),
  secondsToSent: distribution,
  secondsToDelivered: distribution,
  callersWhoReplied: count,
  /** Distinct callers texted about a missed call of the range (missed-call and after-hours texts). */
  callersTexted: count,
  /** callersWhoReplied / callersTexted, 0..1 (a reply: a text of theirs after their text, not STOP/START/HELP); null when nobody was texted. */
  replyRate: z.number().min(0).max(1).nullable(),
  /** Per conversation whose caller replied and the owner answered: from the caller's first reply to the owner's next reply. */
  secondsToOwnerReply: distribution,
  /** Measured, beside the estimate: conversations of the range whose latest outcome is booked, and the sum of their values in cents. */
  booked: z.object({ count, valueCents: count }),
  revenue: z.object({
    estimated: count,
    averageClientValue: count,
    closeRatePercent: z.number().int().min(0).max(100),
    usesDefaults: z.boolean(),
  }),
});

export type AnalyticsSummaryResponse = z.infer<typeof analyticsSummaryResponseSchema>;
