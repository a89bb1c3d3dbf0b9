import { topicsOf } from "@rebound/contracts";
import { loadConfig, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import type { AnalyticsDeps } from "./analytics-deps";
import { analyticsConfigSchema, type AnalyticsConfig } from "./config";
import { PROJECTED_EVENT_TYPES } from "./domain/facts";
import { StatsCache } from "./get-stats/stats-cache";
import { createAnalyticsRouter } from "./http/analytics-router";
import { setLagProbe } from "./lag/projection-lag";
import { onProjectedEventHandler, PROJECTIONS_CONSUMER } from "./project-events/on-projected-event.handler";
import { createAnalyticsDb } from "./store/analytics-db";
import { EmbeddedLogRepository } from "./store/embedded-log.repository";
import { ProjectionRepository } from "./store/projection.repository";
import { ReportRepository } from "./store/report.repository";

export { PROJECTIONS_CONSUMER } from "./project-events/on-projected-event.handler";
export const PROJECTED_TOPICS = [...new Set(PROJECTED_EVENT_TYPES.flatMap(topicsOf))];

export interface AnalyticsServiceDeps {
  /** Settings; missing keys come from the environment (analyticsConfigSchema). */
  config?: Partial<AnalyticsConfig>;
}

export type AnalyticsService = ServiceDefinition & { deps: AnalyticsDeps };

export function createAnalyticsDeps(runtime: PlatformRuntime, serviceDeps: AnalyticsServiceDeps = {}): AnalyticsDeps {
  const config: AnalyticsConfig = { ...loadConfig(analyticsConfigSchema), ...serviceDeps.config };
  const db = createAnalyticsDb(runtime);
  return {
    db,
    projections: new ProjectionRepository(db),
    reports: new ReportRepository(db),
    statsCache: new StatsCache(config.ANALYTICS_STATS_CACHE_MS, () => runtime.clock.now().getTime()),
    config,
    clock: runtime.clock,
    logger: runtime.logger.child({ service: "analytics" }),
  };
}

/**
 * Analytics: projections built only from events (calls, texts, suppressions, replies, opt-outs,
 * each business's time zone and revenue inputs), the owner's results API, and the lag at /metrics.
 * `npm run analytics:rebuild` replays the log into them from offset zero.
 */
export function createAnalyticsService(runtime: PlatformRuntime, serviceDeps: AnalyticsServiceDeps = {}): AnalyticsService {
  const deps = createAnalyticsDeps(runtime, serviceDeps);
  const log = new EmbeddedLogRepository(deps.db);
  const probe = () => log.lag(PROJECTIONS_CONSUMER, PROJECTIONS_CONSUMER, PROJECTED_TOPICS, PROJECTED_EVENT_TYPES, runtime.clock.now().getTime());

  return {
    name: "analytics",
    router: createAnalyticsRouter(deps, runtime.config.INTERNAL_AUTH_SECRET),
    deps,
    consumers: [onProjectedEventHandler(deps)],
    jobs: [],
    start: async () => {
      if (runtime.bus.kind === "embedded") setLagProbe(probe);
    },
    stop: async () => {
      setLagProbe(undefined);
      await deps.db.groupCommitIdle();
    },
  };
}
