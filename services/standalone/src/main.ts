import { startTelemetry } from "@rebound/platform/src/telemetry/start-telemetry";

startTelemetry("rebound-standalone");

// Loaded after telemetry so express is instrumented.
async function main(): Promise<void> {
  const { createLogger, installShutdownHandlers, loadConfig } = await import("@rebound/platform");
  const { standaloneConfigSchema } = await import("./config");
  const { startStandalone } = await import("./start-standalone");
  const startedAt = Date.now();
  const config = loadConfig(standaloneConfigSchema);
  const logger = createLogger({ name: "standalone", level: config.LOG_LEVEL });
  const running = await startStandalone({ config, logger });
  installShutdownHandlers(running.stop, logger);
  logger.info({ port: running.port, startupMs: Date.now() - startedAt }, "rebound standalone ready");
  process.stdout.write(`\n  Rebound is running at ${config.PUBLIC_BASE_URL}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
