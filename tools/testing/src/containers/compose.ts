// The Compose implementation for docker-compose.yml: Docker's own (`docker compose`, or a v2
// `docker-compose` on PATH) when the machine has it; otherwise Compose v2 from Debian's packages.
// Bookworm only carries Compose v1 (it rejects the file's top-level `name`), so the binary is taken from
// trixie's docker-compose package (a static Go binary; apt verifies the download against the suite's
// signed index) into a cache folder, without installing anything into the system.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const CACHE_DIR = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "rebound", "bin");
const DEBIAN_SUITE_WITH_COMPOSE_V2 = "trixie";

function works(cmd: string, args: string[]): boolean {
  const result = spawnSync(cmd, [...args, "version", "--short"], { encoding: "utf8" });
  return result.status === 0 && /^v?2\./.test(result.stdout.trim());
}

function run(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
}

function fetchFromDebian(): string {
  const target = join(CACHE_DIR, "docker-compose");
  const work = mkdtempSync(join(tmpdir(), "rebound-compose-"));
  try {
    process.stderr.write(`[compose] fetching Compose v2 from Debian ${DEBIAN_SUITE_WITH_COMPOSE_V2} into ${CACHE_DIR}\n`);
    mkdirSync(join(work, "lists", "partial"), { recursive: true });
    writeFileSync(
      join(work, "sources.list"),
      `deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${DEBIAN_SUITE_WITH_COMPOSE_V2} main\n`,
    );
    const apt = [
      "-o", `Dir::Etc::sourcelist=${join(work, "sources.list")}`,
      "-o", "Dir::Etc::sourceparts=-",
      "-o", `Dir::State::lists=${join(work, "lists")}`,
      "-o", `Dir::Cache::archives=${work}`,
      "-o", "APT::Sandbox::User=root",
    ]; // prettier-ignore
    run("apt-get", [...apt, "update"]);
    const download = spawnSync("apt-get", [...apt, "download", "docker-compose"], { cwd: work, encoding: "utf8" });
    if (download.status !== 0) throw new Error(`apt-get download docker-compose failed: ${download.stderr}`);
    const deb = readdirSync(work).find((name) => name.startsWith("docker-compose_") && name.endsWith(".deb"));
    if (!deb) throw new Error("apt-get download docker-compose left no package");
    run("dpkg-deb", ["-x", join(work, deb), join(work, "root")]);
    mkdirSync(CACHE_DIR, { recursive: true });
    copyFileSync(join(work, "root", "usr", "libexec", "docker", "cli-plugins", "docker-compose"), target);
    chmodSync(target, 0o755);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The command (and leading arguments) that runs Compose v2, e.g. ["docker", "compose"]. */
export function composeCommand(): string[] {
  if (works("docker", ["compose"])) return ["docker", "compose"];
  if (works("docker-compose", [])) return ["docker-compose"];
  const cached = join(CACHE_DIR, "docker-compose");
  if (existsSync(cached) && works(cached, [])) return [cached];
  if (!existsSync("/usr/bin/apt-get")) {
    throw new Error("Compose v2 is missing: install Docker Compose (docker compose) or put docker-compose v2 on PATH");
  }
  return [fetchFromDebian()];
}
