import { existsSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { PrismaSchemaSource } from "./schema-engine";

/** One migratable package: its Prisma schema and the Postgres schema it owns. */
export interface ServiceSchema {
  serviceDir: string;
  /** Folder name, used in messages. */
  name: string;
  schema: PrismaSchemaSource;
  /** The first entry of the datasource's `schemas`; holds the service's `_prisma_migrations`. */
  dbSchema: string;
  migrationsDir: string;
}

export function schemaPathOf(serviceDir: string): string {
  return join(serviceDir, "prisma", "schema.prisma");
}

function withoutComments(content: string): string {
  return content.replace(/\/\/.*$/gm, "");
}

export function datasourceSchemas(content: string): string[] {
  const datasource = /datasource\s+\w+\s*\{([^}]*)\}/.exec(withoutComments(content))?.[1];
  const list = datasource === undefined ? undefined : /\bschemas\s*=\s*\[([^\]]*)\]/.exec(datasource)?.[1];
  if (list === undefined) return [];
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
}

export function readServiceSchema(serviceDir: string): ServiceSchema {
  const dir = resolve(serviceDir);
  const schemaPath = schemaPathOf(dir);
  if (!existsSync(schemaPath)) throw new Error(`${schemaPath} not found: is ${dir} a service folder?`);
  const content = readFileSync(schemaPath, "utf8");
  const dbSchema = datasourceSchemas(content)[0];
  if (dbSchema === undefined) {
    throw new Error(`${schemaPath}: the datasource must list the service's Postgres schema, e.g. schemas = ["${basename(dir)}"]`);
  }
  return {
    serviceDir: dir,
    name: basename(dir),
    schema: { path: schemaPath, content },
    dbSchema,
    migrationsDir: join(dir, "prisma", "migrations"),
  };
}
