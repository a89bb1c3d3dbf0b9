import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

export const repoRoot = join(__dirname, "..", "..");

// The module alone, not @rebound/testing's index (which loads PGlite and kafkajs into the bench).
export { freePort } from "../../tools/testing/src/owner-client";

/** The first of `count` consecutive free ports (start:distributed puts its services on the ports after the gateway's). */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below Linux's ephemeral range (32768+), where outgoing connections and port-0 listeners land.
    const base = 10_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all(Array.from({ length: count }, (_, offset) => isFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

const children = new Set<ChildProcess>();
let exitHooked = false;

/** A benchmark killed half-way (Ctrl-C, a timeout) must not leave a loaded standalone behind. */
function stopChildrenOnExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.once("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/** Runs a TypeScript entry with tsx in a child process; output goes to the parent's stderr when VERBOSE is set. */
export function spawnTs(entry: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  // node with tsx as a loader (not the tsx wrapper): one process, so stopping it stops the server.
  return spawnNode(entry, env, [...nodeArgs, "--import", "tsx"]);
}

/** Runs a JavaScript entry (a bundle) in a child process; output goes to the parent's stderr when VERBOSE is set. */
export function spawnNode(entry: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const forward = (chunk: Buffer) => {
    if (process.env.VERBOSE) process.stderr.write(chunk);
  };
  stopChildrenOnExit();
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return child;
}

export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
