// `npm run compose:journey`: Rebound's docker-compose.yml, run for real, passing the journey.
//
// 1. Finds the container engine (Docker, or podman's Docker-compatible API where there is no Docker) and
//    Compose v2 (tools/testing/src/containers).
// 2. Builds what is missing: where images cannot be pulled (podman here, or REBOUND_LOCAL_IMAGES=1) the
//    local base images from Debian's packages and the override infra/containers/compose.local.yml; then
//    the eight Rebound images from infra/docker/Dockerfile (the dev target compose names), layer-cached.
// 3. Starts the stack (`up --wait`: the migration step first, then every service healthy), runs
//    scripts/journey.mjs against the gateway, prints each container's state and resident memory, and
//    takes the stack down with its volumes (COMPOSE_KEEP=1 leaves it running).
// Exit code: the journey's (1 when the stack did not start).
import { execFile, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { composeCommand } from "../tools/testing/src/containers/compose";
import { containerEngine, type ContainerEngine } from "../tools/testing/src/containers/engine";
import { ensureLocalImage, type LocalImage } from "../tools/testing/src/containers/local-images";
import { runPodmanHealthchecks } from "../tools/testing/src/containers/podman-healthchecks";
import { buildServiceImages } from "../tools/testing/src/containers/service-images";
import { freePort } from "../tools/testing/src/free-port";

const exec = promisify(execFile);
const repoRoot = join(__dirname, "..");
const PROJECT = process.env.COMPOSE_PROJECT ?? "rebound-journey";
const STANDINS: LocalImage[] = ["postgres", "redis", "kafka-mock", "dev-sinks"];
const started = Date.now();

function step(message: string): void {
  console.log(`[compose:journey ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: repoRoot, env, stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** Resident memory of a process and all its descendants (a container's processes, seen from the host). */
function treeResidentBytes(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += treeResidentBytes(Number(child));
    }
  } catch {
    // The process ended while we looked.
  }
  return total;
}

async function printImageSizes(engine: ContainerEngine, tags: string[]): Promise<void> {
  for (const tag of tags) {
    const { stdout } = await exec(engine.cli, ["image", "inspect", "--format", "{{.Size}}", tag], { env: engine.env });
    console.log(`  ${tag.padEnd(28)} ${megabytes(Number(stdout.trim()))}`);
  }
}

async function printContainers(engine: ContainerEngine): Promise<void> {
  const { stdout } = await exec(engine.cli, ["ps", "--all", "--filter", `label=com.docker.compose.project=${PROJECT}`, "--format", "{{.ID}}"], {
    env: engine.env,
  });
  const rows: string[][] = [["container", "state", "resident memory"]];
  for (const id of stdout.split("\n").filter(Boolean)) {
    const { stdout: inspect } = await exec(
      engine.cli,
      ["inspect", "--format", "{{.Name}}|{{.State.Status}}|{{.State.ExitCode}}|{{.State.Pid}}|{{if .State.Health}}{{.State.Health.Status}}{{end}}", id],
      { env: engine.env },
    );
    const [name = id, status = "", exitCode = "", pid = "0", health = ""] = inspect.trim().split("|");
    const state = status === "exited" ? `exited (${exitCode})` : health ? `${status} (${health})` : status;
    rows.push([name.replace(/^\//, ""), state, Number(pid) > 0 ? megabytes(treeResidentBytes(Number(pid))) : "-"]);
  }
  rows.sort((a, b) => (a[0] === "container" ? -1 : b[0] === "container" ? 1 : a[0]!.localeCompare(b[0]!)));
  for (const row of rows) console.log(`  ${row[0]!.padEnd(34)} ${row[1]!.padEnd(22)} ${row[2]}`);
}

async function main(): Promise<number> {
  const engine = await containerEngine();
  const local = engine.kind === "podman" || process.env.REBOUND_LOCAL_IMAGES === "1";
  const compose = composeCommand();
  step(`engine: ${engine.kind} (${engine.dockerHost}); compose: ${compose.join(" ")}; local images: ${local}`);

  if (local) for (const image of STANDINS) await ensureLocalImage(image);
  const built = await buildServiceImages(engine, { target: "dev", local });
  step(`images built (${built.map((image) => `${image.service} ${image.seconds.toFixed(0)}s`).join(", ")})`);
  await printImageSizes(
    engine,
    built.map((image) => image.tag),
  );
  // The builds leave their layers in dirty pages. Once, new PostgreSQL connections stalled past the services'
  // 10 s connect timeout right after the stack came up (a 502 at the journey's sign-up; the same run again
  // passed); the kernel writing those pages back then is the likeliest cause, so it writes them first.
  const flushStarted = Date.now();
  await exec("sync");
  step(`the builds' writes flushed to disk (${((Date.now() - flushStarted) / 1000).toFixed(1)}s)`);

  const port = Number(process.env.REBOUND_HTTP_PORT ?? (await freePort()));
  const env = { ...engine.env, DOCKER_HOST: engine.dockerHost, REBOUND_HTTP_PORT: String(port) };
  const files = ["-f", "docker-compose.yml", ...(local ? ["-f", "infra/containers/compose.local.yml"] : [])];
  const composeArgs = (...args: string[]): string[] => [...compose.slice(1), ...files, "-p", PROJECT, ...args];
  const stopHealthchecks = engine.kind === "podman" ? runPodmanHealthchecks(engine, PROJECT) : () => undefined;
  let exitCode = 1;
  try {
    step(`starting the stack (gateway on http://localhost:${port})`);
    const up = await run(compose[0]!, composeArgs("up", "--detach", "--wait", "--wait-timeout", "600", "--no-build"), env);
    if (up !== 0) {
      step(`the stack did not start (compose up exited with ${up})`);
      await run(compose[0]!, composeArgs("logs", "--tail", "40"), env);
    } else {
      step("stack healthy; running the journey");
      exitCode = await run(
        process.execPath,
        [join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/journey.mjs", `http://localhost:${port}`],
        env,
      );
      step(`journey exited with ${exitCode}`);
      if (exitCode !== 0) await run(compose[0]!, composeArgs("logs", "--tail", "60", "postgres", "telephony", "messaging", "billing"), env);
    }
    await printContainers(engine);
  } finally {
    stopHealthchecks();
    if (process.env.COMPOSE_KEEP === "1")
      step(`left running (project ${PROJECT}); take it down with: ${compose.join(" ")} ${files.join(" ")} -p ${PROJECT} down -v`);
    else await run(compose[0]!, composeArgs("down", "--volumes", "--remove-orphans", "--timeout", "10"), env);
  }
  step(exitCode === 0 ? "passed" : "FAILED");
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
