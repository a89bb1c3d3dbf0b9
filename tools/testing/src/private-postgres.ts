import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own: `initdb` into a temporary directory, a free port on
 * 127.0.0.1, its socket in that directory. A test stops, restarts and kills it at will; the
 * machine's own server (5432) is never touched. As root, the binaries run as the `postgres`
 * OS user (PostgreSQL refuses to run as root), which owns the directory.
 */
export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>;
  /** A fast shutdown (`pg_ctl stop -m fast`): sessions get "terminating connection due to administrator command". */
  stop(): Promise<void>;
  /** stop() then start(). */
  restart(): Promise<void>;
  /** SIGKILL to the postmaster (a crash); start() then runs crash recovery. */
  kill(): Promise<void>;
  isRunning(): boolean;
  /** Stops the server (immediate) and removes its directory. */
  destroy(): Promise<void>;
}

/** The newest PostgreSQL bin directory with initdb and pg_ctl (POSTGRES_BIN_DIR overrides), or undefined. */
export function postgresBinDir(): string | undefined {
  const candidates = process.env.POSTGRES_BIN_DIR
    ? [process.env.POSTGRES_BIN_DIR]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join("/usr/lib/postgresql", version, "bin"))
      : [];
  return candidates.find((dir) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl")));
}

const isRoot = () => process.getuid?.() === 0;

/** Why a private cluster cannot run here (no binaries; root without a `postgres` user), or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!postgresBinDir()) return "no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or POSTGRES_BIN_DIR";
  if (isRoot() && postgresUser() === undefined) return "running as root without a `postgres` OS user to run PostgreSQL as";
  return undefined;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPrivatePostgres(options: { port?: number } = {}): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const unavailable = privatePostgresUnavailable();
  if (!bin || unavailable) throw new Error(unavailable ?? "no PostgreSQL binaries");
  const asPostgres = isRoot();
  const exec = async (tool: string, args: string[]) => {
    const [file, argv] = asPostgres ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
    try {
      return await run(file, argv, { cwd: "/", env: { ...process.env, LC_ALL: "C", LANG: "C" } });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${tool} ${args.join(" ")} failed: ${String(stderr || stdout || error)}`.trim());
    }
  };

  // Short path: the socket's path (in this directory) must stay under 107 bytes.
  const root = mkdtempSync(join(tmpdir(), "rebound-pg-"));
  const dataDir = join(root, "data");
  const logFile = join(root, "postgres.log");
  if (asPostgres) {
    const owner = postgresUser();
    if (owner) chownSync(root, owner.uid, owner.gid);
  }
  const port = options.port ?? (await freePort());
  await exec("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ];

  let running = false;
  const postmasterPid = (): number | undefined => {
    try {
      return Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    } catch {
      return undefined;
    }
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  const cluster: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start: async () => {
      await exec("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", serverOptions.join(" "), "-w", "-t", "30", "start"]);
      running = true;
    },
    stop: async () => {
      await exec("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
      running = false;
    },
    restart: async () => {
      await cluster.stop();
      await cluster.start();
    },
    kill: async () => {
      const pid = postmasterPid();
      if (pid === undefined || !alive(pid)) return;
      // The postmaster and its backends at once, as a crash of the host would: start() needs them all gone (shared memory).
      const { stdout } = await run("ps", ["-o", "pid=", "--ppid", String(pid)]).catch(() => ({ stdout: "" }));
      const children = stdout.split(/\s+/).filter(Boolean).map(Number);
      for (const target of [pid, ...children]) {
        try {
          process.kill(target, "SIGKILL");
        } catch {
          // already gone
        }
      }
      const deadline = Date.now() + 10_000;
      while ([pid, ...children].some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
    },
    isRunning: () => running,
    destroy: async () => {
      if (existsSync(join(dataDir, "postmaster.pid"))) await exec("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2_000) : "";
    rmSync(root, { recursive: true, force: true });
    throw new Error(`${String(error)}\n${log}`);
  }
  return cluster;
}
