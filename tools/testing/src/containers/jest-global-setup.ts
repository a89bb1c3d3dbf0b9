// jest's globalSetup (jest.config.js): with TESTCONTAINERS=1, PostgreSQL and Redis in containers for the run
// (testcontainers on Docker, or on podman's Docker API where there is no Docker), their URLs put in
// process.env before jest starts its workers, which inherit them. A URL already set wins: its server is used
// and no container is started for it. Without TESTCONTAINERS=1 this does nothing.
import { containerEngine } from "./engine";
import { startIntegrationDatabases, type IntegrationDatabases } from "./integration-databases";

/** Shared with jest-global-teardown.ts: jest runs both in its parent process. */
export const HANDLE = Symbol.for("rebound.integration-databases");
type WithHandle = typeof globalThis & { [HANDLE]?: IntegrationDatabases };

function log(message: string): void {
  process.stderr.write(`[testcontainers] ${message}\n`);
}

export default async function globalSetup(): Promise<void> {
  if (process.env.TESTCONTAINERS !== "1") return;
  const postgres = !process.env.DATABASE_URL;
  const redis = !process.env.REDIS_URL;
  if (!postgres && !redis) {
    log("DATABASE_URL and REDIS_URL are set: their servers are used, no container started");
    return;
  }
  const started = Date.now();
  const engine = await containerEngine();
  // testcontainers reads these when it first talks to the engine.
  process.env.DOCKER_HOST = engine.dockerHost;
  if (engine.kind === "podman") {
    // Ryuk (the reaper) is an image from Docker Hub, which podman here cannot pull; the teardown removes the containers.
    process.env.TESTCONTAINERS_RYUK_DISABLED = "true";
  }
  const databases = await startIntegrationDatabases(engine, { postgres, redis });
  (globalThis as WithHandle)[HANDLE] = databases;
  if (databases.databaseUrl) process.env.DATABASE_URL = databases.databaseUrl;
  if (databases.redisUrl) process.env.REDIS_URL = databases.redisUrl;
  for (const { service, image, seconds } of databases.started) log(`${service}: ${image} ready in ${seconds.toFixed(1)} s`);
  const shown = [databases.databaseUrl?.replace(/:[^:@/]+@/, ":***@"), databases.redisUrl].filter(Boolean).join(", ");
  log(`${engine.kind} at ${engine.dockerHost}: ${shown} (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
}
