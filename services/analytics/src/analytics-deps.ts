import type { Clock, Logger } from "@rebound/platform";
import type { AnalyticsConfig } from "./config";
import type { StatsCache } from "./get-stats/stats-cache";
import type { AnalyticsDb } from "./store/analytics-db";
import type { ProjectionRepository } from "./store/projection.repository";
import type { ReportRepository } from "./store/report.repository";

/** What the use cases of this service need; built once in service.ts. */
export interface AnalyticsDeps {
  db: AnalyticsDb;
  projections: ProjectionRepository;
  reports: ReportRepository;
  statsCache: StatsCache;
  config: AnalyticsConfig;
  clock: Clock;
  logger: Logger;
}
