// Starts the analytics service on port 0 over a fresh database (PGlite, or PostgreSQL when
// DATABASE_URL is set); publishes events onto the bus as their producers do; reads the API as a user.

import { encodeEvent, envelopeHeaders, topicOf, type EventType } from "@rebound/contracts";
import { signInternalUser, startServices, type BusRecord, type PlatformRuntime, type RunningServices } from "@rebound/platform";
import { createTestRuntime, FakeClock } from "@rebound/testing";
import { join } from "node:path";
import { PROJECTED_EVENT_TYPES } from "../../src/domain/facts";
import { createAnalyticsService, PROJECTED_TOPICS, PROJECTIONS_CONSUMER, type AnalyticsService } from "../../src/service";
import { EmbeddedLogRepository } from "../../src/store/embedded-log.repository";
import type { HistoryEvent } from "./history";

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export function toRecord(event: HistoryEvent): BusRecord {
  const type = event.type as EventType;
  return {
    topic: topicOf(type),
    key: event.key,
    value: encodeEvent(type, event.payload as never),
    headers: envelopeHeaders({ id: event.id, type, key: event.key, occurredAt: event.at }),
  };
}

export class AnalyticsHarness {
  private constructor(
    readonly runtime: PlatformRuntime,
    readonly running: RunningServices,
    readonly service: AnalyticsService,
    readonly clock: FakeClock,
  ) {}

  static async start(options: { now?: string; cacheMs?: number } = {}): Promise<AnalyticsHarness> {
    const clock = new FakeClock(options.now ?? "2026-03-10T18:00:00Z");
    const runtime = await createTestRuntime({ migrate: [join(__dirname, "..", "..")], clock });
    const service = createAnalyticsService(runtime, { config: { ANALYTICS_STATS_CACHE_MS: options.cacheMs ?? 1_000 } });
    const running = await startServices(runtime, [service], { port: 0, mount: (app) => app.use(service.router!) });
    return new AnalyticsHarness(runtime, running, service, clock);
  }

  async stop(): Promise<void> {
    await this.running.stop();
  }

  /** Publishes events as their producers' outboxes do (in chunks, in the given order). */
  async publish(events: readonly HistoryEvent[], chunk = 500): Promise<void> {
    for (let index = 0; index < events.length; index += chunk) {
      await this.runtime.bus.publish(events.slice(index, index + chunk).map(toRecord));
    }
  }

  async request<T = Record<string, unknown>>(path: string, user?: { id: string }): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (user) headers["x-rebound-user"] = signInternalUser({ id: user.id, email: `${user.id}@example.com` }, this.runtime.config.INTERNAL_AUTH_SECRET);
    const res = await fetch(`${this.running.url}${path}`, { headers });
    return { status: res.status, body: (await res.json()) as T };
  }

  /** Waits until every event of the log the projections handle has been applied (lag 0). */
  async caughtUp(timeoutMs = 60_000): Promise<void> {
    await eventually(
      async () => {
        const log = new EmbeddedLogRepository(this.service.deps.db);
        const lag = await log.lag(PROJECTIONS_CONSUMER, PROJECTIONS_CONSUMER, PROJECTED_TOPICS, PROJECTED_EVENT_TYPES, Date.now());
        if (lag.events > 0) throw new Error(`${lag.events} events not applied yet`);
      },
      timeoutMs,
      200,
    );
  }
}

/** Retries `check` until it stops throwing or the timeout passes (then rethrows its last error). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 20_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
