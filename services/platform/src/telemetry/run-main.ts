import { startTelemetry } from "./start-telemetry";

/**
 * The one bootstrap of every process entry (services/<name>/src/main.ts and main.dev.ts,
 * standalone): starts telemetry, then runs `start`, which loads everything else with dynamic
 * imports, so express, http and kafkajs are required after the instrumentation is in place (a
 * static import would load them first). A failure to start is printed and the process exits 1.
 *
 *   runMain("billing", async () => (await import("./compose.js")).runBilling());
 *
 * This module imports nothing but the telemetry starter (checked by run-main.test.ts).
 */
export function runMain(serviceName: string, start: () => Promise<unknown>, onError: (error: unknown) => void = exitOnError): void {
  try {
    startTelemetry(serviceName);
  } catch (error) {
    onError(error);
    return;
  }
  start().catch(onError);
}

function exitOnError(error: unknown): void {
  console.error(error);
  process.exit(1);
}
