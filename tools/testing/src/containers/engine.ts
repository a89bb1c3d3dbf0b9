// The container engine the image builds, the compose stack and testcontainers talk to.
//
// A Docker engine is used as is (DOCKER_HOST, or /var/run/docker.sock answering). Without one, Debian's
// podman stands in: its Docker-compatible API is started on a socket of ours (podman system service) with
// the settings of infra/containers/podman/containers.conf, and DOCKER_HOST points at it, so the docker CLI,
// docker compose and testcontainers work unchanged.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";

export interface ContainerEngine {
  kind: "docker" | "podman";
  /** unix:///... for clients of the Docker API (docker CLI, compose, testcontainers). */
  dockerHost: string;
  /** The CLI that builds and inspects images: `docker` or `podman`. */
  cli: string;
  /** Environment for child processes: DOCKER_HOST, and CONTAINERS_CONF for podman. */
  env: NodeJS.ProcessEnv;
}

const repoRoot = join(__dirname, "..", "..", "..", "..");
export const PODMAN_CONF = join(repoRoot, "infra", "containers", "podman", "containers.conf");
const PODMAN_SOCKET = process.env.REBOUND_PODMAN_SOCKET ?? "/tmp/rebound-podman.sock";

/** Answers whether the Docker API at a unix socket path responds to /_ping within the timeout. */
export function pingDockerApi(socketPath: string, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    if (!existsSync(socketPath)) return resolve(false);
    const req = request({ socketPath, path: "/_ping", timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end();
  });
}

function hasCommand(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

let engine: Promise<ContainerEngine> | undefined;

/** Finds or starts the engine (once per process). Throws with what to install when there is none. */
export function containerEngine(): Promise<ContainerEngine> {
  engine ??= findEngine();
  return engine;
}

async function findEngine(): Promise<ContainerEngine> {
  const configured = process.env.DOCKER_HOST;
  if (configured && configured !== `unix://${PODMAN_SOCKET}`) {
    return { kind: "docker", dockerHost: configured, cli: "docker", env: { ...process.env } };
  }
  if (!process.env.REBOUND_USE_PODMAN && (await pingDockerApi("/var/run/docker.sock"))) {
    return { kind: "docker", dockerHost: "unix:///var/run/docker.sock", cli: "docker", env: { ...process.env } };
  }
  if (!hasCommand("podman")) {
    throw new Error("No container engine: start Docker, set DOCKER_HOST, or install podman (apt-get install -y podman runc)");
  }
  const env = { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? PODMAN_CONF };
  const dockerHost = `unix://${PODMAN_SOCKET}`;
  if (!(await pingDockerApi(PODMAN_SOCKET))) {
    // Detached: the API outlives this process, so later stages (and testcontainers' workers) reuse it.
    const service = spawn("podman", ["system", "service", "--time=0", dockerHost], {
      env,
      detached: true,
      stdio: "ignore",
    });
    service.unref();
    if (!(await waitFor(() => pingDockerApi(PODMAN_SOCKET), 15_000))) {
      throw new Error(`podman system service did not answer on ${PODMAN_SOCKET} within 15 s`);
    }
  }
  return { kind: "podman", dockerHost, cli: "podman", env: { ...env, DOCKER_HOST: dockerHost } };
}
