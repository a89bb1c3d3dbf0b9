import { runMain } from "@rebound/platform/telemetry";

// Telemetry starts first; the composition (express) loads after it. A failure prints its message only.
runMain(
  "rebound-standalone",
  async () => {
    const { createLogger, installShutdownHandlers, loadConfig } = await import("@rebound/platform");
    const { standaloneConfigSchema } = await import("./config.js");
    const { startStandalone } = await import("./start-standalone.js");
    const startedAt = Date.now();
    const config = loadConfig(standaloneConfigSchema);
    const logger = createLogger({ name: "standalone", level: config.LOG_LEVEL });
    const running = await startStandalone({ config, logger });
    installShutdownHandlers(running.stop, logger);
    logger.info({ port: running.port, startupMs: Date.now() - startedAt }, "rebound standalone ready");
    process.stdout.write(`\n  Rebound is running at ${config.PUBLIC_BASE_URL}\n`);
    if (config.HOST_DEFAULTED && config.HOST === "127.0.0.1") {
      process.stdout.write("  Listening on 127.0.0.1 only (the development default): set HOST=0.0.0.0 to open it to the network.\n");
    }
    process.stdout.write("\n");
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
