import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/** One registry per process; standalone's services share it. */
export const metricsRegistry = new Registry();
/**
 * The event-loop lag histogram samples every 100 ms, not prom-client's 10: at 10 ms the sampling timer alone
 * cost an idle process 14.9 ms of CPU a second, 3.7 at 100 (seven processes in distributed mode: about 2 ms
 * per call at 40 calls/s; docs/decisions.md, issue 27). A stall of the loop still shows in full.
 */
const EVENT_LOOP_SAMPLE_MS = 100;
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP request duration by route and status",
  labelNames: ["method", "route", "status"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const busHandlerDuration = new Histogram({
  name: "bus_handler_duration_seconds",
  help: "Event handler duration by consumer group and event type",
  labelNames: ["group", "type", "outcome"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

export const busEventLag = new Histogram({
  name: "bus_event_lag_seconds",
  help: "Time from an event's occurred-at to the start of its handling",
  labelNames: ["group"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30],
  registers: [metricsRegistry],
});

export const deadLetters = new Counter({
  name: "bus_dead_letters_total",
  help: "Records sent to the dead-letter topic",
  labelNames: ["group", "topic"],
  registers: [metricsRegistry],
});

/** A fetch costs a consumer about a millisecond of CPU whether or not it brings records (docs/decisions.md, issue 27). */
export const busFetches = new Counter({
  name: "bus_fetches_total",
  help: "Kafka fetches a consumer group completed",
  labelNames: ["group"],
  registers: [metricsRegistry],
});
