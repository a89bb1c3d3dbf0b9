import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Two components that pick the same class name share one rule, and the later one reshapes the
// other (the Setup phone pictures once shrank the Test screen's phone view this way).
const stylesDir = join(process.cwd(), "src/styles");

/** Every `.rb-name {` rule outside @media blocks, with the file it is in. */
function topLevelClassRules(): [string, string][] {
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith(".css"))
    .flatMap((file) =>
      readFileSync(join(stylesDir, file), "utf8")
        .split("\n")
        .flatMap((line) => {
          const match = /^\.(rb-[\w-]+) \{/.exec(line);
          return match ? [[match[1] as string, file] as [string, string]] : [];
        }),
    );
}

describe("stylesheets", () => {
  it("define each top-level class rule once, across files", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, file] of topLevelClassRules()) {
      if (seen.has(name)) twice.push(`.${name} in ${seen.get(name)} and ${file}`);
      else seen.set(name, file);
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(twice).toEqual([]);
  });
});
