// Generates the Prisma client of every package that has prisma/schema.prisma.
// Runs from `npm install` (postinstall) and before start/test when a client is missing.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const prismaCli = join(root, "node_modules", "prisma", "build", "index.js");
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: join(root, "scripts", "schema-engine-stub.sh"),
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};

const servicesDir = join(root, "services");
for (const name of readdirSync(servicesDir)) {
  const schema = join(servicesDir, name, "prisma", "schema.prisma");
  if (!existsSync(schema)) continue;
  execFileSync(process.execPath, [prismaCli, "generate", "--schema", schema], {
    cwd: join(servicesDir, name),
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(`prisma client generated: services/${name}`);
}
