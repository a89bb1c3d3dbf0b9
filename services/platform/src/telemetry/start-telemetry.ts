import { NodeSDK } from "@opentelemetry/sdk-node";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { ExpressInstrumentation } from "@opentelemetry/instrumentation-express";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BatchSpanProcessor, NoopSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry tracing when spans have somewhere to go: OTEL_EXPORTER_OTLP_ENDPOINT
 * (an OTLP exporter with nothing listening makes shutdown hang), or an exporter passed in
 * (tests). Must run before express and kafkajs are loaded, so main.ts calls it first and
 * requires the rest afterwards.
 *
 * Without an exporter nothing starts: spans nobody exports only gave log lines a trace id,
 * and measured on the call path that cost 1-1.7 ms of CPU per missed call (HTTP spans and
 * async context tracking on every request and promise). Log lines still carry their
 * request id. OTEL_TRACES_WITHOUT_EXPORTER=true starts tracing anyway (trace ids in logs
 * and in bus headers, nothing exported).
 */
export function startTelemetry(serviceName: string, exporter?: SpanExporter): void {
  if (sdk) return;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const traceExporter = exporter ?? (endpoint ? new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` }) : undefined);
  if (!traceExporter && process.env.OTEL_TRACES_WITHOUT_EXPORTER !== "true") return;
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? serviceName,
    spanProcessors: [traceExporter ? new BatchSpanProcessor(traceExporter) : new NoopSpanProcessor()],
    // Express's per-middleware spans only matter when exported.
    instrumentations: traceExporter ? [new HttpInstrumentation(), new ExpressInstrumentation()] : [new HttpInstrumentation()],
  });
  sdk.start();
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}
