// The stats answer (docs/product.md section 3, "Analytics response") from the projection rows.
import { describeDeliveryError, type AnalyticsStatsResponse } from "@rebound/contracts/domain";
import type { TextStatus } from "./projection-rows";

export interface StatsSource {
  counters: Record<string, number>;
  recentCalls: { callId: string; callerNumber: string; occurredAt: number; answered: boolean; responded: boolean }[];
  recentTexts: { smsId: string; recipientNumber: string; message: string; at: number; status: TextStatus; errorCode?: string }[];
}

/**
 * A failed text's error, for the owner: the carrier's code and its words (contracts'
 * describeDeliveryError; null for a code without words). Only on failed texts that carry a code,
 * so every other entry keeps exactly its fields.
 */
export function deliveryErrorFields(
  status: TextStatus,
  errorCode: string | undefined,
): { errorCode: string; errorDescription: string | null } | Record<string, never> {
  if (!errorCode || smsStatusName(status) !== "failed") return {};
  return { errorCode, errorDescription: describeDeliveryError(errorCode)?.words ?? null };
}

/** delivered and sent as they are; a text still on its way reads "sent"; failed and undelivered read "failed". */
export function smsStatusName(status: TextStatus): AnalyticsStatsResponse["recentSms"][number]["status"] {
  switch (status) {
    case "delivered":
      return "delivered";
    case "queued":
    case "sending":
    case "sent":
      return "sent";
    case "failed":
    case "undelivered":
      return "failed";
    default: {
      const unexpected: never = status;
      throw new Error(`unknown status ${String(unexpected)}`);
    }
  }
}

export const EMPTY_STATS: AnalyticsStatsResponse = { stats: { totalCalls: 0, missedCalls: 0, totalSms: 0 }, recentCalls: [], recentSms: [] };

export function toStatsResponse(source: StatsSource): AnalyticsStatsResponse {
  const { counters } = source;
  return {
    stats: { totalCalls: counters.calls ?? 0, missedCalls: counters.missed_calls ?? 0, totalSms: counters.texts ?? 0 },
    recentCalls: source.recentCalls.map((call) => ({
      id: call.callId,
      number: call.callerNumber,
      time: new Date(call.occurredAt).toISOString(),
      status: call.answered ? "Answered" : "Missed",
      responded: call.responded,
    })),
    recentSms: source.recentTexts.map((text) => ({
      id: text.smsId,
      number: text.recipientNumber,
      message: text.message,
      time: new Date(text.at).toISOString(),
      status: smsStatusName(text.status),
      ...deliveryErrorFields(text.status, text.errorCode),
    })),
  };
}
