import type * as Wasm from "@prisma/schema-engine-wasm" with { "resolution-mode": "import" };
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export type SchemaEngine = Wasm.SchemaEngine;
export type MigrationList = Wasm.MigrationList;
export type SchemaFilter = Wasm.SchemaFilter;

/** No tables or enums are managed outside Prisma here. */
export const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

export interface PrismaSchemaSource {
  path: string;
  content: string;
}

type WasmExports = Record<string, unknown>;
type Glue = typeof Wasm & { __wbg_set_wasm(exports: WasmExports): void };

// The compiler's lib (ES2023, no DOM) does not declare WebAssembly; Node has it.
interface WebAssemblyApi {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: WasmExports } }>;
}
const { WebAssembly } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

let gluePromise: Promise<Glue> | undefined;

/**
 * The glue file is ESM-only. Jest (and Node < 20.19) cannot require() it, so its
 * source, plain top-level wasm-bindgen declarations, is evaluated as a function
 * body instead. Evaluating it per process (never sharing Node's module cache)
 * also keeps its memory views tied to the one wasm instance started below.
 */
function evaluateGlue(gluePath: string): Glue {
  const source = readFileSync(gluePath, "utf8");
  const names = [...source.matchAll(/^export (?:function|class) ([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]);
  const body = source.replace(/^export (function|class) /gm, "$1 ");
  if (/^\s*(?:export|import)\b/m.test(body) || !names.includes("SchemaEngine")) {
    throw new Error(`unexpected module syntax in ${gluePath}: update schema-engine.ts for this @prisma/schema-engine-wasm version`);
  }
  // `module` is undefined in ESM, which the glue's feature detection expects.
  const factory = new Function("module", `"use strict";\n${body}\nreturn { ${names.join(", ")} };`) as (module: undefined) => Glue;
  return factory(undefined);
}

/**
 * The engine arms a 10 s timeout around its migration lock and never clears it
 * (the glue imports no clearTimeout), which kept every command's process alive
 * 10 s after it finished. Unref'd, it still fires while a query keeps Node busy;
 * short timers, which may be the engine's only pending work, stay ref'd.
 */
function withUnrefTimers(glue: Glue): Record<string, unknown> {
  const imports: Record<string, unknown> = { ...glue };
  for (const [name, value] of Object.entries(imports)) {
    if (!name.startsWith("__wbg_setTimeout_") || typeof value !== "function") continue;
    imports[name] = (callback: unknown, delay: number) => {
      const timer = (value as (callback: unknown, delay: number) => unknown)(callback, delay);
      if (delay >= 1000) (timer as { unref?: () => void } | undefined)?.unref?.();
      return timer;
    };
  }
  return imports;
}

async function loadGlue(): Promise<Glue> {
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const glue = evaluateGlue(gluePath);
  const bytes = readFileSync(join(dirname(gluePath), "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": withUnrefTimers(glue) });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

function glue(): Promise<Glue> {
  gluePromise ??= loadGlue().catch((error: unknown) => {
    gluePromise = undefined;
    throw error;
  });
  return gluePromise;
}

export async function schemaEngineVersion(): Promise<string> {
  return (await glue()).version();
}

/**
 * Runs `work` with a wasm schema engine over `adapterFactory`, then frees it.
 * Adapter errors reach the engine as "External error id#N"; they are swapped back
 * for the original JavaScript error (a refused connection, say) so it is readable.
 */
export async function withSchemaEngine<T>(
  schema: PrismaSchemaSource,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await glue();
  const bound = bindMigrationAwareSqlAdapterFactory(adapterFactory);
  const restoreOriginal = (error: unknown): never => {
    const id = error instanceof Error ? /External error id#(\d+)/.exec(error.message)?.[1] : undefined;
    const original = id === undefined ? undefined : bound.errorRegistry.consumeError(Number(id));
    throw original ? original.error : error;
  };
  const engine = await SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, () => {}, bound).catch(restoreOriginal);
  try {
    return await work(engine).catch(restoreOriginal);
  } finally {
    engine.free();
  }
}
