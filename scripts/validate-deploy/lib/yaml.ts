// YAML loading (strict: unique keys, errors thrown) and the repository's YAML lint rules.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments, parseDocument } from "yaml";
import { read, root } from "./repo";

/** Every document of a multi-document YAML text, as plain values (empty documents skipped). */
export function parseYamlStream<T = unknown>(text: string, source: string): T[] {
  const docs = parseAllDocuments(text, {
    uniqueKeys: true,
    prettyErrors: true,
  });
  const objects: T[] = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join("; ")}`);
    const value = doc.toJS({ maxAliasCount: 1000 }) as T | null | undefined;
    if (value !== null && value !== undefined) objects.push(value);
  }
  return objects;
}

/** One YAML document with merge keys, and its parse errors. */
export function loadYamlDocument<T>(path: string): {
  value: T;
  errors: string[];
} {
  const doc = parseDocument(read(path), { merge: true, uniqueKeys: true });
  return {
    value: doc.toJS({ maxAliasCount: 1000 }) as T,
    errors: doc.errors.map((e) => e.message),
  };
}

const LINE_MAX = 200;

/** Strict parse (errors and warnings), tabs, trailing spaces, long lines, the final newline. */
/** Compose's merge tags (`!reset`, `!override`: Compose v2.24+), on maps, sequences and scalars. */
const COMPOSE_TAGS = ["!reset", "!override"].flatMap((tag) => [
  { tag, collection: "map" as const, resolve: (value: unknown) => value },
  { tag, collection: "seq" as const, resolve: (value: unknown) => value },
  { tag, resolve: (value: string) => value },
]);

export function lintYamlText(text: string, source: string): string[] {
  const problems: string[] = [];
  const docs = parseAllDocuments(text, {
    uniqueKeys: true,
    strict: true,
    prettyErrors: false,
    customTags: COMPOSE_TAGS,
  });
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    for (const e of doc.errors) problems.push(`${source}: ${e.message.split("\n")[0]}`);
    for (const w of doc.warnings) problems.push(`${source}: ${w.message.split("\n")[0]}`);
  }
  text.split("\n").forEach((line, i) => {
    if (/\t/.test(line)) problems.push(`${source}:${i + 1}: tab`);
    if (/[ \t]+$/.test(line)) problems.push(`${source}:${i + 1}: trailing spaces`);
    if (line.length > LINE_MAX) problems.push(`${source}:${i + 1}: line longer than ${LINE_MAX}`);
  });
  if (text.length && !text.endsWith("\n")) problems.push(`${source}: no newline at end of file`);
  return problems;
}

/** The repository's YAML files (tracked and untracked, not ignored), but the chart's templates. */
export function repoYamlFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", "*.yaml", "*.yml"], { cwd: root, encoding: "utf8" });
  return listed
    .split("\n")
    .filter(Boolean)
    .filter((f) => !f.startsWith("charts/rebound/templates/") && existsSync(join(root, f)))
    .sort();
}
