// analytics_projection_lag_events / _seconds at /metrics: how far the projections trail the log.
// Measured when scraped (embedded bus: the log is in the database). With Kafka the consumer
// group's lag is the broker's (kafka-exporter); these gauges then stay unset.
import { metricsRegistry } from "@rebound/platform";
import { Gauge } from "prom-client";
import type { LogLag } from "../store/embedded-log.repository";

type LagProbe = () => Promise<LogLag>;

let probe: LagProbe | undefined;
let last: Promise<LogLag> | undefined;

/** One scrape reads the log once for both gauges. */
function measure(): Promise<LogLag> | undefined {
  if (!probe) return undefined;
  if (!last) {
    last = probe().finally(() => setTimeout(() => (last = undefined), 0).unref());
  }
  return last;
}

new Gauge({
  name: "analytics_projection_lag_events",
  help: "Events in the log that the analytics projections have not applied yet",
  registers: [metricsRegistry],
  async collect() {
    const lag = await measure()?.catch(() => undefined);
    if (lag) this.set(lag.events);
  },
});

new Gauge({
  name: "analytics_projection_lag_seconds",
  help: "Age of the oldest event the analytics projections have not applied yet (0 when caught up)",
  registers: [metricsRegistry],
  async collect() {
    const lag = await measure()?.catch(() => undefined);
    if (lag) this.set(lag.seconds);
  },
});

/** The running analytics service's measurement (the latest one started wins; cleared at stop). */
export function setLagProbe(next: LagProbe | undefined): void {
  probe = next;
  last = undefined;
}
