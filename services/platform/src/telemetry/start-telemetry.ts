import { NodeSDK } from "@opentelemetry/sdk-node";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { ExpressInstrumentation } from "@opentelemetry/instrumentation-express";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BatchSpanProcessor, NoopSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry. Must run before express and kafkajs are loaded, so main.ts
 * calls it first and requires the rest afterwards. No exporter unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (an OTLP exporter with nothing listening makes
 * shutdown hang); tests pass an in-memory exporter.
 */
export function startTelemetry(serviceName: string, exporter?: SpanExporter): void {
  if (sdk) return;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const traceExporter = exporter ?? (endpoint ? new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` }) : undefined);
  // Traces still get ids (logged, propagated through bus headers) when nothing exports them.
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? serviceName,
    spanProcessors: [traceExporter ? new BatchSpanProcessor(traceExporter) : new NoopSpanProcessor()],
    // Express's per-middleware spans only matter when exported; without an exporter they cost
    // a few % of the call path's CPU for nothing (the HTTP spans still give logs their trace id).
    instrumentations: traceExporter ? [new HttpInstrumentation(), new ExpressInstrumentation()] : [new HttpInstrumentation()],
  });
  sdk.start();
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}
