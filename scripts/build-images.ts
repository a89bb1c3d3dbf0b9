// `npm run images:build [-- --target dev|runtime|both] [service ...]`: Rebound's images from
// infra/docker/Dockerfile as it ships (the production `runtime` target by default), with the local Node
// image as base where the official ones cannot be pulled (podman here, or REBOUND_LOCAL_IMAGES=1).
// Prints each image's size and checks what every service image must be: a non-root user, node as the
// entrypoint's program, a healthcheck. Exit code 1 when a build or a check fails.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { containerEngine } from "../tools/testing/src/containers/engine";
import { buildServiceImages, IMAGE_SERVICES, type ImageService } from "../tools/testing/src/containers/service-images";

const exec = promisify(execFile);

interface ImageFacts {
  size: number;
  user: string;
  healthcheck: string;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const targetIndex = args.indexOf("--target");
  const target = targetIndex >= 0 ? args.splice(targetIndex, 2)[1] : "runtime";
  if (target !== "dev" && target !== "runtime" && target !== "both") throw new Error("--target is dev, runtime or both");
  const services = args.length > 0 ? (args as ImageService[]) : IMAGE_SERVICES;
  for (const service of services) if (!IMAGE_SERVICES.includes(service)) throw new Error(`unknown service ${service}`);

  const engine = await containerEngine();
  const local = engine.kind === "podman" || process.env.REBOUND_LOCAL_IMAGES === "1";
  const targets = target === "both" ? (["runtime", "dev"] as const) : ([target] as const);
  let failures = 0;
  console.log(`engine ${engine.kind}; base images: ${local ? "local (Debian packages + Node's release binary)" : "official"}`);
  console.log(`${"image".padEnd(26)} ${"size".padStart(8)}  ${"build".padStart(6)}  user          healthcheck`);
  for (const buildTarget of targets) {
    for (const image of await buildServiceImages(engine, { target: buildTarget, local, services })) {
      const { stdout } = await exec(engine.cli, ["image", "inspect", image.tag], {
        env: engine.env,
        maxBuffer: 16 * 1024 * 1024,
      });
      // Docker keeps the healthcheck in Config; podman at the top level.
      type Inspected = { Size: number; Healthcheck?: { Test?: string[] }; Config: { User?: string; Healthcheck?: { Test?: string[] } } };
      const [inspected] = JSON.parse(stdout) as Inspected[];
      if (!inspected) throw new Error(`${image.tag}: image inspect returned nothing`);
      const facts: ImageFacts = {
        size: inspected.Size,
        user: inspected.Config.User ?? "",
        healthcheck: (inspected.Config.Healthcheck ?? inspected.Healthcheck)?.Test?.join(" ") ?? "",
      };
      const problems: string[] = [];
      if (!facts.user || /^(0|root)(:|$)/.test(facts.user)) problems.push("runs as root");
      if (!facts.healthcheck.includes("/readyz")) problems.push("no healthcheck");
      failures += problems.length;
      console.log(
        `${image.tag.padEnd(26)} ${`${(facts.size / 1e6).toFixed(0)} MB`.padStart(8)}  ${`${image.seconds.toFixed(0)}s`.padStart(6)}  ${facts.user.padEnd(12)}  ${facts.healthcheck ? "yes" : "no"}${problems.length ? `  PROBLEM: ${problems.join(", ")}` : ""}`,
      );
    }
  }
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
