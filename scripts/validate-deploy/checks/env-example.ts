import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { read, setDiff } from "../lib/repo";

export const envExample: DeployCheck = {
  name: ".env.example names exactly the settings of the config schemas",
  run: async ({ settings }) => {
    const env = new Set([...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? ""));
    const problems = [
      ...setDiff(env, settings.all).map((k) => `${k} is in .env.example but in no config schema`),
      ...setDiff(settings.all, env).map((k) => `${k} (config schema) is missing from .env.example`),
    ];
    assertNoProblems(problems, "mismatches");
    return { detail: `${env.size} settings` };
  },
};
