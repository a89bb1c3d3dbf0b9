import { context, createContextKey } from "@opentelemetry/api";

export interface RequestContext {
  requestId: string;
}

const REQUEST_CONTEXT = createContextKey("rebound.request-context");

/**
 * Runs `fn` with the request's context in OpenTelemetry's active context. It follows the request
 * across awaits only while tracing runs (startTelemetry registers OpenTelemetry's context manager):
 * on Node 20 that tracking is an async hook on every promise, 3-6 % of each process's CPU on the
 * call path (docs/decisions.md, issue 27), the cost tracing already decided a process pays only
 * with an exporter. Without it the lines written with the request in hand (access log, errors)
 * name its id themselves.
 */
export function runWithRequestContext<T>(requestContext: RequestContext, fn: () => T): T {
  return context.with(context.active().setValue(REQUEST_CONTEXT, requestContext), fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return context.active().getValue(REQUEST_CONTEXT) as RequestContext | undefined;
}
