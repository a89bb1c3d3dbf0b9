import type { AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { AppError } from "@rebound/platform";
import type { AnalyticsDeps } from "../analytics-deps";
import { addDays, datesBetween, localDate, startOfLocalDay } from "../domain/local-days";
import { computeSummary, type SummaryFacts } from "../domain/summary";
import type { SummaryQuery } from "./get-summary.schema";

const DEFAULT_DAYS = 30;
const NO_FACTS: SummaryFacts = { calls: [], texts: [], suppressions: [], inbound: [], ownerReplies: [], outcomes: [] };

/**
 * The owner's results over local days [from, to] in the business's time zone; by default the
 * last 30 days including today. A user whose business analytics has not heard of yet gets zeros.
 */
export async function getSummary(
  deps: Pick<AnalyticsDeps, "reports" | "clock" | "config">,
  userId: string,
  query: SummaryQuery,
): Promise<AnalyticsSummaryResponse> {
  const business = await deps.reports.businessOfUser(userId);
  const timeZone = business?.timeZone ?? "America/New_York";
  const today = localDate(timeZone, deps.clock.now().getTime());
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (datesBetween(from, to).length > deps.config.ANALYTICS_SUMMARY_MAX_DAYS) {
    throw new AppError("VALIDATION_FAILED", `The range must be at most ${deps.config.ANALYTICS_SUMMARY_MAX_DAYS} days`, {
      fields: [{ field: "from", message: `The range must be at most ${deps.config.ANALYTICS_SUMMARY_MAX_DAYS} days` }],
    });
  }
  const facts = business
    ? await deps.reports.summaryFacts(business.businessId, startOfLocalDay(timeZone, from), startOfLocalDay(timeZone, addDays(to, 1)))
    : NO_FACTS;
  return computeSummary(facts, {
    timeZone,
    from,
    to,
    averageClientValue: business?.averageClientValue ?? null,
    closeRatePercent: business?.closeRatePercent ?? null,
  });
}
