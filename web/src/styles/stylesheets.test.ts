import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Two components that pick the same class name share one rule, and the later one reshapes the
// other (the Setup phone pictures once shrank the Test screen's phone view this way).
const stylesDir = join(process.cwd(), "src/styles");

/** Every `.rb-name {` rule outside @media blocks, with the file it is in (not the last selector of a list: `.a,\n.rb-b {`). */
function topLevelClassRules(): [string, string][] {
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith(".css"))
    .flatMap((file) => {
      const lines = readFileSync(join(stylesDir, file), "utf8").split("\n");
      return lines.flatMap((line, index) => {
        const match = /^\.(rb-[\w-]+) \{/.exec(line);
        const inList = (lines[index - 1] ?? "").trimEnd().endsWith(",");
        return match && !inList ? [[match[1] as string, file] as [string, string]] : [];
      });
    });
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
