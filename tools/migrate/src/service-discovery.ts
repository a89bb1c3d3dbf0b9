import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { schemaPathOf } from "./service-schema";

/** Every `services/*` folder with a prisma/schema.prisma, sorted by name. */
export function findMigratableServices(repoRoot: string): string[] {
  const servicesDir = join(resolve(repoRoot), "services");
  if (!existsSync(servicesDir)) return [];
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(schemaPathOf(join(servicesDir, entry.name))))
    .map((entry) => join(servicesDir, entry.name))
    .sort();
}

function isWorkspaceRoot(dir: string): boolean {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return false;
  try {
    return Array.isArray((JSON.parse(readFileSync(manifest, "utf8")) as { workspaces?: unknown }).workspaces);
  } catch {
    return false;
  }
}

/** The nearest folder at or above `from` whose package.json declares workspaces. */
export function findRepoRoot(from: string): string {
  let dir = resolve(from);
  for (;;) {
    if (isWorkspaceRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json with "workspaces" at or above ${resolve(from)}`);
    dir = parent;
  }
}
