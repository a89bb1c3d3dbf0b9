import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export const repoRoot = join(__dirname, "..", "..");

// The module alone, not @rebound/testing's index (which loads PGlite and kafkajs into the bench).
export { freePort, freePortRange } from "../../tools/testing/src/free-port";

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
