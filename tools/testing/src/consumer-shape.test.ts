// Every event consumer has one shape (docs/service-guide.md, "Consuming events"): a file
// `src/<folder>/on-<event-or-topic>.handler.ts` exporting `on<Name>Handler(deps): ConsumerDefinition`,
// listed in `consumers: [...]` of the service's service.ts, whose handlers parse nothing and call a
// use case (`<verb-noun>.use-case.ts`) that does the work: processOnce, the writes, the memory update.
// Static: it reads the files, so it needs no runtime. Lint (eslint.config.mjs) also refuses database
// calls in handler files; this test adds what a selector cannot say (names, one export, the wiring).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "../../..");
const SERVICES_DIR = join(ROOT, "services");
/** Workspaces under services/ that are not services (no consumers of their own). */
const NOT_SERVICES = new Set(["platform", "standalone"]);

const HANDLER_FILE = /^on-[a-z0-9]+(?:-[a-z0-9]+)*\.handler\.ts$/;
/** What only a use case (or a repository) does. */
const DATABASE_CALLS = [/\bprocessOnce\b/, /transaction/i, /\.client\./];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated" || name === "node_modules") return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The source without comments, so a comment may name what the code must not do. */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'])\/\/.*$/gm, "$1");
}

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, c: string) => c.toUpperCase());
/** on-call-missed.handler.ts -> onCallMissedHandler */
const exportNameOf = (fileName: string) => `on${pascal(fileName.replace(/^on-/, "").replace(/\.handler\.ts$/, ""))}Handler`;

const services = readdirSync(SERVICES_DIR).filter(
  (name) => !NOT_SERVICES.has(name) && statSync(join(SERVICES_DIR, name, "src", "service.ts"), { throwIfNoEntry: false })?.isFile(),
);

interface ServiceConsumers {
  service: string;
  sources: string[];
  handlerFiles: string[];
  /** The entries of `consumers: [...]` in service.ts. */
  consumers: string[];
  serviceSource: string;
}

const listed: ServiceConsumers[] = services.map((service) => {
  const src = join(SERVICES_DIR, service, "src");
  const sources = walk(src).filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts"));
  const serviceSource = code(join(src, "service.ts"));
  const list = /\bconsumers:\s*\[([^\]]*)\]/.exec(serviceSource);
  return {
    service,
    sources,
    handlerFiles: sources.filter((path) => path.endsWith(".handler.ts")),
    consumers: (list?.[1] ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    serviceSource,
  };
});

const rel = (path: string) => relative(ROOT, path).split("\\").join("/");

describe("event consumers have one shape", () => {
  it("finds the services and their consumers", () => {
    expect(services).toEqual(expect.arrayContaining(["analytics", "billing", "business", "gateway", "identity", "messaging", "telephony"]));
    const groups = listed.flatMap(({ handlerFiles }) => handlerFiles.flatMap((path) => [...code(path).matchAll(/\bgroup:\s*(\w+|"[^"]+")/g)].map((m) => m[1])));
    // One consumer group per handler file, and every service that consumes has handler files.
    expect(groups.length).toBe(listed.reduce((sum, { handlerFiles }) => sum + handlerFiles.length, 0));
    expect(groups.length).toBeGreaterThanOrEqual(10);
  });

  it.each(listed.map((entry) => [entry.service, entry] as const))(
    "%s: consumers: [...] lists only on<Name>Handler(deps) from its .handler.ts files",
    (_service, entry) => {
      const problems: string[] = [];
      const wired = new Set<string>();
      for (const consumer of entry.consumers) {
        const call = /^(on[A-Z]\w*Handler)\(deps\)$/.exec(consumer);
        if (!call?.[1]) {
          problems.push(`service.ts: consumer "${consumer}" is not on<Name>Handler(deps)`);
          continue;
        }
        const name = call[1];
        const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*"\\./([\\w/-]+)\\.handler"`).exec(entry.serviceSource);
        if (!from?.[1]) problems.push(`service.ts: ${name} is not imported from a ./<folder>/on-<name>.handler file`);
        else wired.add(join(SERVICES_DIR, entry.service, "src", `${from[1]}.handler.ts`));
      }
      for (const path of entry.handlerFiles) if (!wired.has(path)) problems.push(`${rel(path)} is not in consumers: [...] of service.ts`);
      // The consumer definition is the handler file's job: service.ts and other files build none.
      for (const path of entry.sources.filter((p) => !p.endsWith(".handler.ts"))) {
        if (/\b(ConsumerDefinition|EventHandlerMap|EventHandler)\b/.test(code(path)))
          problems.push(`${rel(path)} builds a consumer outside a .handler.ts file`);
      }
      expect(problems).toEqual([]);
    },
  );

  const handlerFiles = listed.flatMap(({ handlerFiles }) => handlerFiles);
  it.each(handlerFiles.map((path) => [rel(path), path] as const))("%s", (file, path) => {
    const name = path.split("/").pop() ?? "";
    const source = code(path);
    const problems: string[] = [];
    if (!HANDLER_FILE.test(name)) problems.push(`the name is not on-<event-or-topic>.handler.ts`);

    const functions = [...source.matchAll(/^export\s+(?:async\s+)?function\s+(\w+)/gm)].map((m) => m[1]);
    const expected = exportNameOf(name);
    if (functions.length !== 1 || functions[0] !== expected) problems.push(`exports functions [${functions.join(", ")}]; expected exactly ${expected}`);
    if (!new RegExp(`export\\s+function\\s+${expected}\\(deps:\\s*\\w+\\):\\s*ConsumerDefinition\\s*\\{`).test(source)) {
      problems.push(`${expected} is not (deps: <Name>Deps): ConsumerDefinition`);
    }
    const otherExports = [...source.matchAll(/^export\s+(?!(?:async\s+)?function\s)(.*)$/gm)].map((m) => m[1] ?? "");
    for (const other of otherExports) {
      // Only the consumer group id may be exported beside the function (tests and service.ts read it).
      if (!/^const\s+[A-Z][A-Z0-9_]*\s*=\s*"[a-z.-]+";$/.test(other.trim())) problems.push(`exports more than the consumer: "export ${other.trim()}"`);
    }

    for (const pattern of DATABASE_CALLS) if (pattern.test(source)) problems.push(`calls the database (${pattern}): the use case does`);
    if (!/from\s+"\.\/[\w-]+\.use-case"/.test(source)) problems.push(`imports no use case from its folder (./<verb-noun>.use-case)`);
    expect(problems).toEqual([]);
  });
});
