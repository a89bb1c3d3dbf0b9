// infra/docker/bundle.mjs (the images' esbuild bundles), loaded once.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./repo";

export interface BundleResult {
  /** The entry bundled (a repository path). */
  entry: string;
  outfile: string;
  /** npm packages the bundle leaves external. */
  externals: string[];
  /** Repository folders of the workspace packages inside the bundle (e.g. services/telephony, packages/twilio). */
  workspaces: string[];
}

export interface ImageBundler {
  /** Image name -> its production entry (a repository path): services/<name>/src/main.ts. */
  ENTRIES: Record<string, string>;
  /** Image name -> its dev image's entry: main.dev.ts where the service has one. */
  DEV_ENTRIES: Record<string, string>;
  bundle(options: { outDir: string; logLevel: string; dev?: boolean; names?: string[] }): Promise<Record<string, BundleResult>>;
}

let loaded: Promise<ImageBundler> | undefined;
export function imageBundler(): Promise<ImageBundler> {
  loaded ??= import(pathToFileURL(join(root, "infra/docker/bundle.mjs")).href) as Promise<ImageBundler>;
  return loaded;
}
