// Builds Rebound's images from infra/docker/Dockerfile as it ships, one per SERVICE, tagged as
// docker-compose.yml names them (rebound/<service>:dev for the dev target, rebound/<service>:latest for
// the production one). With local base images (no registry) NODE_IMAGE and RUNTIME_IMAGE are the local
// Node image; otherwise the Dockerfile's defaults (the official images) are used.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ContainerEngine } from "./engine";
import { ensureLocalImage } from "./local-images";

const repoRoot = join(__dirname, "..", "..", "..", "..");
export const IMAGE_SERVICES = ["migrate", "identity", "business", "telephony", "messaging", "billing", "analytics", "gateway"] as const;
export type ImageService = (typeof IMAGE_SERVICES)[number];

/** The machine's CA bundle: mounted into build steps so npm trusts a TLS-inspecting proxy in front of the registry. */
const HOST_CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

export interface BuiltImage {
  service: ImageService;
  tag: string;
  seconds: number;
}

function runInherited(cmd: string, args: string[], env: NodeJS.ProcessEnv, logPrefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const keep = (chunk: Buffer): void => {
      tail = (tail + chunk.toString("utf8")).slice(-8_000);
      if (process.env.REBOUND_BUILD_VERBOSE) process.stderr.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${logPrefix}: ${cmd} exited with ${code}\n${tail}`))));
  });
}

export async function buildServiceImages(
  engine: ContainerEngine,
  options: { target: "dev" | "runtime"; local: boolean; services?: readonly ImageService[] },
): Promise<BuiltImage[]> {
  const base = options.local ? await ensureLocalImage("node") : undefined;
  const built: BuiltImage[] = [];
  for (const service of options.services ?? IMAGE_SERVICES) {
    const tag = `rebound/${service}:${options.target === "dev" ? "dev" : "latest"}`;
    const args = ["build", "-f", "infra/docker/Dockerfile", "--target", options.target, "--build-arg", `SERVICE=${service}`, "-t", tag];
    if (base) args.push("--build-arg", `NODE_IMAGE=${base}`, "--build-arg", `RUNTIME_IMAGE=${base}`);
    if (engine.kind === "podman") {
      // --format docker: OCI images have no HEALTHCHECK; host network: npm ci reaches the registry as the host does.
      args.push("--format", "docker", "--network", "host");
      if (existsSync(HOST_CA_BUNDLE)) args.push("-v", `${HOST_CA_BUNDLE}:${HOST_CA_BUNDLE}:ro`);
    }
    const started = Date.now();
    process.stderr.write(`[images] building ${tag}\n`);
    await runInherited(engine.cli, [...args, "."], engine.env, tag);
    built.push({ service, tag, seconds: (Date.now() - started) / 1000 });
  }
  return built;
}
