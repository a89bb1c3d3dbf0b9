import type * as ExporterModule from "@opentelemetry/exporter-trace-otlp-http";
import type * as ExpressModule from "@opentelemetry/instrumentation-express";
import type * as HttpModule from "@opentelemetry/instrumentation-http";
import type * as SdkModule from "@opentelemetry/sdk-node";
import type { NodeSDK } from "@opentelemetry/sdk-node";
import type * as TraceModule from "@opentelemetry/sdk-trace-base";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";

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
  if (!exporter && !endpoint && process.env.OTEL_TRACES_WITHOUT_EXPORTER !== "true") return;
  // Required only now: the SDK is ~10 MB of heap and code that a process without tracing (`npm start`) never uses (issue 27).
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require("@opentelemetry/sdk-node") as typeof SdkModule;
  const { HttpInstrumentation } = require("@opentelemetry/instrumentation-http") as typeof HttpModule;
  const { ExpressInstrumentation } = require("@opentelemetry/instrumentation-express") as typeof ExpressModule;
  const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-http") as typeof ExporterModule;
  const { BatchSpanProcessor, NoopSpanProcessor } = require("@opentelemetry/sdk-trace-base") as typeof TraceModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const traceExporter = exporter ?? (endpoint ? new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` }) : undefined);
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
