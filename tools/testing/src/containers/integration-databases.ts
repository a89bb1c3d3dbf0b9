// PostgreSQL and Redis in containers (testcontainers) for the integration suites: what .ci/run's machine
// servers are to them, started on whatever engine containerEngine() finds. On Docker, the official images; on
// podman (no registry here), the images built from Debian's packages (infra/containers/postgres, redis).
// The caller points DOCKER_HOST at the engine first (jest-global-setup.ts does), since testcontainers reads it.
import { randomBytes } from "node:crypto";
import type * as TestcontainersModule from "testcontainers";
import type { GenericContainer, StartedTestContainer } from "testcontainers";
import type { ContainerEngine } from "./engine";
import { ensureLocalImage } from "./local-images";

export interface IntegrationDatabases {
  /** postgresql://postgres:<password>@127.0.0.1:<port>/rebound_test: a superuser (CREATE DATABASE), max_connections 200. */
  databaseUrl?: string;
  /** redis://127.0.0.1:<port> */
  redisUrl?: string;
  /** What was started: the image and the seconds from create to ready, for the log. */
  started: { service: "postgres" | "redis"; image: string; seconds: number }[];
  /** Stops and removes the containers (and their volumes). */
  stop(): Promise<void>;
}

export interface IntegrationDatabaseOptions {
  /** Start PostgreSQL (default true). */
  postgres?: boolean;
  /** Start Redis (default true). */
  redis?: boolean;
}

export const OFFICIAL_IMAGES = { postgres: "postgres:16-alpine", redis: "redis:7-alpine" } as const;

/** A label on both containers: `podman rm -f $(podman ps -aq --filter label=rebound.integration-databases)` after an interrupted run. */
export const CONTAINER_LABEL = "rebound.integration-databases";

const POSTGRES_USER = "postgres";
const POSTGRES_DB = "rebound_test";

/** Local images on podman or with REBOUND_LOCAL_IMAGES=1, the official ones on Docker. */
export async function integrationImages(engine: ContainerEngine): Promise<{ postgres: string; redis: string }> {
  if (engine.kind === "docker" && process.env.REBOUND_LOCAL_IMAGES !== "1") return { ...OFFICIAL_IMAGES };
  return { postgres: await ensureLocalImage("postgres"), redis: await ensureLocalImage("redis") };
}

/** 127.0.0.1 rather than "localhost": the published ports listen on IPv4, and ::1 may come first. */
function hostOf(container: StartedTestContainer): string {
  const host = container.getHost();
  return host === "localhost" ? "127.0.0.1" : host;
}

async function timed(service: "postgres" | "redis", image: string, container: GenericContainer) {
  const started = Date.now();
  const value = await container.start();
  return { service, image, value, seconds: (Date.now() - started) / 1000 };
}

/** testcontainers, loaded only when containers are wanted: jest loads this module for every run. */
type Testcontainers = typeof TestcontainersModule;

function postgresContainer({ GenericContainer, Wait }: Testcontainers, image: string, password: string, labels: Record<string, string>): GenericContainer {
  return (
    new GenericContainer(image)
      .withEnvironment({ POSTGRES_USER, POSTGRES_PASSWORD: password, POSTGRES_DB })
      // Two jest workers with pools of a few connections each, plus the suites that run whole processes: the
      // machine's server has 100; 200 leaves room. Durability is of no use to a throw-away database.
      .withCommand(["postgres", "-c", "max_connections=200", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"])
      .withTmpFs({ "/var/lib/postgresql/data": "rw" })
      .withExposedPorts(5432)
      .withLabels(labels)
      // "ready" twice: once for the server of the initialisation (socket only), once for the real one.
      .withWaitStrategy(Wait.forAll([Wait.forLogMessage(/database system is ready to accept connections/, 2), Wait.forListeningPorts()]))
      .withStartupTimeout(120_000)
  );
}

function redisContainer({ GenericContainer, Wait }: Testcontainers, image: string, labels: Record<string, string>): GenericContainer {
  return new GenericContainer(image)
    .withCommand(["redis-server", "--save", "", "--appendonly", "no"])
    .withExposedPorts(6379)
    .withLabels(labels)
    .withWaitStrategy(Wait.forAll([Wait.forLogMessage(/Ready to accept connections/), Wait.forListeningPorts()]))
    .withStartupTimeout(60_000);
}

/** Starts the containers asked for (both by default) at once; stops those that started when one fails. */
export async function startIntegrationDatabases(engine: ContainerEngine, options: IntegrationDatabaseOptions = {}): Promise<IntegrationDatabases> {
  const images = await integrationImages(engine);
  const testcontainers = await import("testcontainers");
  const password = randomBytes(12).toString("hex");
  const labels = { [CONTAINER_LABEL]: String(process.pid) };
  const starting: ReturnType<typeof timed>[] = [];
  if (options.postgres ?? true) starting.push(timed("postgres", images.postgres, postgresContainer(testcontainers, images.postgres, password, labels)));
  if (options.redis ?? true) starting.push(timed("redis", images.redis, redisContainer(testcontainers, images.redis, labels)));

  const results = await Promise.allSettled(starting);
  const running = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => {
    const stopped = await Promise.allSettled(running.map(({ value }) => value.stop({ timeout: 10_000 })));
    // A container already gone (removed by hand, or its process killed: auto-removed) is not the run's failure.
    const failures = stopped.filter(
      (result): result is PromiseRejectedResult => result.status === "rejected" && !/no such container|404/i.test(String(result.reason)),
    );
    if (failures.length > 0) throw failures[0]!.reason;
  };
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const pg = running.find(({ service }) => service === "postgres")?.value;
  const cache = running.find(({ service }) => service === "redis")?.value;
  return {
    databaseUrl: pg && `postgresql://${POSTGRES_USER}:${password}@${hostOf(pg)}:${pg.getMappedPort(5432)}/${POSTGRES_DB}`,
    redisUrl: cache && `redis://${hostOf(cache)}:${cache.getMappedPort(6379)}`,
    started: running.map(({ service, image, seconds }) => ({ service, image, seconds })),
    stop,
  };
}
