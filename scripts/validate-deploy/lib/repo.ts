// The repository this runs in, and the names the checks share.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const root = join(__dirname, "..", "..", "..");
export const chartDir = join(root, "charts", "rebound");
export const SERVICES = ["gateway", "identity", "business", "telephony", "messaging", "billing", "analytics"] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The release name the chart is rendered with. */
export const RELEASE = "rb";

/** A repository file's text. */
export const read = (path: string): string => readFileSync(join(root, path), "utf8");

/** The members of `a` not in `b`, sorted. */
export const setDiff = (a: Iterable<string>, b: Set<string>): string[] => [...a].filter((x) => !b.has(x)).sort();

/** Runs `load` once, on first use. */
export function once<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
