// Podman schedules a container's healthcheck with a systemd timer; without systemd (CI machines, most
// containers) no healthcheck ever runs, the container stays "starting", and Compose's
// `depends_on: condition: service_healthy` and `up --wait` never finish. This runs the healthchecks of a
// Compose project's containers itself: every 2 s for those not yet healthy, every 15 s for the others.
// Docker runs healthchecks on its own; with Docker this is not started.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { ContainerEngine } from "./engine";

const exec = promisify(execFile);

interface ContainerHealth {
  id: string;
  status: string;
}

async function projectContainers(engine: ContainerEngine, project: string): Promise<ContainerHealth[]> {
  const { stdout } = await exec(engine.cli, ["ps", "--filter", `label=com.docker.compose.project=${project}`, "--format", "{{.ID}} {{.Status}}"], {
    env: engine.env,
  });
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [id = "", ...status] = line.trim().split(" ");
      return { id, status: status.join(" ") };
    })
    .filter((container) => /\((healthy|unhealthy|starting)\)/.test(container.status));
}

/** Starts the pump; the returned function stops it. */
export function runPodmanHealthchecks(engine: ContainerEngine, project: string): () => void {
  const lastRun = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    try {
      const now = Date.now();
      const due = (await projectContainers(engine, project)).filter(
        (container) => !container.status.includes("(healthy)") || now - (lastRun.get(container.id) ?? 0) >= 15_000,
      );
      await Promise.all(
        due.map(async (container) => {
          lastRun.set(container.id, now);
          // Exit code 1 means unhealthy this time: podman records it; nothing to do here.
          await exec(engine.cli, ["healthcheck", "run", container.id], { env: engine.env, timeout: 10_000 }).catch(() => undefined);
        }),
      );
    } catch {
      // The project may be starting or stopping: the next tick tries again.
    }
    if (!stopped) timer = setTimeout(() => void tick(), 2_000);
  };
  void tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
