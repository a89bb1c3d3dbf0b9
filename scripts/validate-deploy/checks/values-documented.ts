// Every value of values.yaml documented with `## @param` (bitnami readme-generator style).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { chartDir } from "../lib/repo";

function undocumentedValues(valuesText: string): {
  missing: string[];
  stale: string[];
  params: number;
} {
  const params = new Set([...valuesText.matchAll(/^\s*## @param ([\w.\-[\]]+)/gm)].map((m) => m[1] ?? ""));
  const values: unknown = parseDocument(valuesText).toJS();
  const missing: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (params.has(path)) return; // documented here (an object or list documented as a whole)
    if (node && typeof node === "object" && !Array.isArray(node) && Object.keys(node).length > 0) {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
      return;
    }
    missing.push(path);
  };
  walk(values, "");
  const stale = [...params].filter((p) => {
    let node = values;
    for (const part of p.split(".")) {
      if (node === null || typeof node !== "object" || !(part in node)) return true;
      node = (node as Record<string, unknown>)[part];
    }
    return false;
  });
  return { missing, stale, params: params.size };
}

export const valuesDocumented: DeployCheck = {
  name: "every value documented with ## @param",
  run: async () => {
    const { missing, stale, params } = undocumentedValues(readFileSync(join(chartDir, "values.yaml"), "utf8"));
    assertNoProblems(
      missing.map((m) => `undocumented: ${m}`),
      "values without ## @param",
    );
    assertNoProblems(
      stale.map((m) => `@param of a missing value: ${m}`),
      "stale ## @param lines",
    );
    return { detail: `${params} @param lines` };
  },
};
