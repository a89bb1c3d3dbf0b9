import { z } from "zod";
import { loadConfig } from "../config/load-config";
import { assertProductionSafe, platformConfigSchema } from "../config/platform-config";
import { createLogger } from "../logging/logger";
import { createPlatformRuntime, type PlatformRuntime } from "./platform-runtime";
import type { ServiceDefinition } from "./service-definition";
import { installShutdownHandlers, startServices } from "./start-services";

const mainConfigSchema = platformConfigSchema.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(3000) });

/**
 * Distributed entry of one service: its own config, adapters, HTTP port and
 * consumers. Migrations are a separate step (`npm run db:migrate:deploy`, a Helm
 * Job in Kubernetes), not part of start-up.
 */
export async function runServiceMain(
  name: string,
  create: (runtime: PlatformRuntime) => Promise<ServiceDefinition> | ServiceDefinition,
): Promise<void> {
  const config = loadConfig(mainConfigSchema);
  assertProductionSafe(config);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const runtime = await createPlatformRuntime({ config, logger });
  const service = await create(runtime);
  const running = await startServices(runtime, [service], {
    port: config.PORT,
    mount: (app) => {
      if (service.router) app.use(service.router);
    },
  });
  installShutdownHandlers(running.stop, logger);
  logger.info({ port: running.port }, `${name} listening`);
}
