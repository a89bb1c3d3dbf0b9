// Start and test call this first: generates the protobuf TypeScript and Prisma
// clients when they are missing or older than their sources (e.g. after a pull),
// so nobody has to remember a generate step.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const newestIn = (dir) => (existsSync(dir) ? Math.max(0, ...readdirSync(dir, { recursive: true }).map((entry) => mtime(join(dir, String(entry))))) : 0);

let stale = mtime(join(root, "proto", "src", "gen")) === 0 || newestIn(join(root, "proto", "rebound")) > newestIn(join(root, "proto", "src", "gen"));
for (const name of readdirSync(join(root, "services"))) {
  const schema = join(root, "services", name, "prisma", "schema.prisma");
  if (!existsSync(schema)) continue;
  const client = join(root, "services", name, "src", "generated", "prisma", "client.ts");
  if (mtime(client) < mtime(schema)) stale = true;
}
if (stale) execSync("npm run --silent generate", { cwd: root, stdio: "inherit" });
