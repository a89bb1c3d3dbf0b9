// The repository explains itself: no tracked file points at a document that is not in it
// (the design notes, style notes and product spec that once lived outside the clone), and every
// docs/*.md a file names, or a Markdown file links to, exists. The design is docs/architecture.md,
// the product rules docs/product.md, the choices docs/decisions.md.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");

/** Names of documents outside the repository (built up so this file does not match itself). */
const OUTSIDE_DOCUMENTS: { name: string; pattern: RegExp }[] = [
  { name: "ARCHITECTURE" + ".md", pattern: new RegExp("\\bARCHITECTURE\\.md\\b") },
  { name: "STYLE" + ".md", pattern: new RegExp("\\bSTYLE\\.md\\b") },
  { name: "product" + "-spec", pattern: new RegExp("product-" + "spec", "i") },
  { name: "a spec section", pattern: new RegExp("\\bspec(ification)? sections? \\d", "i") },
  // An import of "../shared/..." (web code) is a module path, not a document.
  { name: "../" + "shared", pattern: new RegExp("^(?!.*\\b(from|import|require)\\b).*\\.\\./shared\\b") },
];

/** A path to a Markdown file under docs/, anywhere in a line. */
const DOCS_PATH = /(?<![\w./-])(?:\.\.\/)*docs\/[\w./-]*?\.md\b/g;
/** A relative Markdown link target ending in .md: [text](target.md#anchor). */
const MARKDOWN_LINK = /\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)/g;

/** Vendored or generated text the check has no say over. */
const SKIPPED = [/(^|\/)package-lock\.json$/, /\.schema\.json$/, /(^|\/)(gen|generated)\//];
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|mp4|webm|vtt|wasm|gz|zip|tgz)$/i;

interface Problem {
  file: string;
  line: number;
  what: string;
}

/** REPOSITORY_DOCS_UNTRACKED=1 checks new files not yet added too (before a commit). */
const EXTRA_LS_FILES_ARGS = process.env.REPOSITORY_DOCS_UNTRACKED ? ["--cached", "--others", "--exclude-standard"] : [];

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z", ...EXTRA_LS_FILES_ARGS], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "" && !BINARY.test(file) && !SKIPPED.some((skip) => skip.test(file)))
    .filter((file) => existsSync(join(ROOT, file)));
}

function readText(file: string): string | undefined {
  const bytes = readFileSync(join(ROOT, file));
  return bytes.includes(0) ? undefined : bytes.toString("utf8");
}

/** Problems of one file's text; exported shape kept small so the rules can be tested on samples. */
function problemsOf(file: string, text: string, exists: (path: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const at = { file, line: index + 1 };
    for (const { name, pattern } of OUTSIDE_DOCUMENTS) {
      if (pattern.test(line)) problems.push({ ...at, what: `mentions ${name}, which is not in the repository` });
    }
    for (const match of line.matchAll(DOCS_PATH)) {
      const path = match[0].replace(/^(\.\.\/)+/, "");
      if (!exists(path)) problems.push({ ...at, what: `names ${match[0]}, which does not exist` });
    }
    if (file.endsWith(".md")) {
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = match[1] ?? "";
        if (/^[a-z]+:/i.test(target)) continue;
        const path = relative(ROOT, resolve(ROOT, dirname(file), target));
        if (path.startsWith("..") || !exists(path)) problems.push({ ...at, what: `links to ${target}, which is not in the repository` });
      }
    }
  });
  return problems;
}

describe("the repository's documents", () => {
  it("given every tracked file, then none points at a document outside the repository or at a missing docs/*.md", () => {
    const exists = (path: string) => existsSync(join(ROOT, path));
    const problems = trackedFiles().flatMap((file) => {
      const text = readText(file);
      return text === undefined ? [] : problemsOf(file, text, exists);
    });
    expect(problems.map((p) => `${p.file}:${p.line} ${p.what}`)).toEqual([]);
  });

  it("given the design documents, then they are in docs/", () => {
    for (const doc of ["docs/architecture.md", "docs/product.md", "docs/decisions.md", "docs/service-guide.md", "docs/operations.md"]) {
      expect(existsSync(join(ROOT, doc))).toBe(true);
    }
  });

  it("given sample lines, then the rules catch what they should and nothing else", () => {
    const exists = (path: string) => path === "docs/decisions.md";
    const problems = (text: string, file = "services/x/src/a.ts") => problemsOf(file, text, exists).map((p) => p.what);
    expect(problems("// see " + "ARCHITECTURE" + ".md section 6")).toHaveLength(1);
    expect(problems("/** Spec " + "section 5: digits only */")).toHaveLength(1);
    expect(problems("// cf. " + "../" + "shared/notes")).toHaveLength(1);
    expect(problems('import { x } from "../' + 'shared/ui";')).toEqual([]);
    expect(problems("// see docs/decisions.md")).toEqual([]);
    const missing = "docs/" + "missing.md";
    expect(problems(`// see ${missing}`)).toEqual([`names ${missing}, which does not exist`]);
    expect(problems("[a](decisions.md) [b](nowhere.md#x) [c](https://example.com/x.md)", "docs/" + "guide.md")).toEqual([
      "links to nowhere.md, which is not in the repository",
    ]);
    expect(problems("the product's message (the spec's wording stays allowed)")).toEqual([]);
  });
});
