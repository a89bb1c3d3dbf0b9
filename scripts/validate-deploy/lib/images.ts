// infra/docker/bundle.mjs (the images' esbuild bundles), loaded once.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./repo";

export interface ImageBundler {
  /** Image name -> its entry (a repository path). */
  ENTRIES: Record<string, string>;
  bundle(options: { outDir: string; logLevel: string }): Promise<Record<string, { outfile: string; externals: string[]; workspaces: string[] }>>;
}

let loaded: Promise<ImageBundler> | undefined;
export function imageBundler(): Promise<ImageBundler> {
  loaded ??= import(pathToFileURL(join(root, "infra/docker/bundle.mjs")).href) as Promise<ImageBundler>;
  return loaded;
}
