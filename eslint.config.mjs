// @ts-check
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";

const SERVICES = ["gateway", "identity", "business", "telephony", "messaging", "billing", "analytics"];

/** Services never import each other: they share only @rebound/contracts and @rebound/platform. */
const otherServices = (self) =>
  SERVICES.filter((name) => name !== self).flatMap((name) => [
    { group: [`@rebound/${name}`, `@rebound/${name}/*`], message: "Services never import each other; talk through events." },
    { group: [`**/services/${name}/**`, `../../${name}/**`, `../../../${name}/**`], message: "Services never import each other; talk through events." },
  ]);

/** Packages are used through their package.json `exports`, never by reaching into their folders. */
const deepImports = [
  { group: ["@rebound/*/src", "@rebound/*/src/**"], message: "Import the package's public API (its package.json exports), not its files." },
];

/** Test support and the carrier simulator are not production dependencies of a service. */
const testSupport = [
  { group: ["@rebound/testing", "@rebound/testing/*"], message: "@rebound/testing is for tests only." },
];
const simulatorOutsideRoots = [
  { group: ["@rebound/carrier-simulator", "@rebound/carrier-simulator/*"], message: "Only composition roots (main.ts, standalone) choose the telephony provider." },
];

/** Only store/ touches the database client. */
const prismaOutsideStore = [
  { group: ["@prisma/*", "**/generated/prisma", "**/generated/prisma/*"], message: "Only files in store/ may use Prisma." },
];

/**
 * File names under services/<name>/src and tools/<name>/src (docs/service-guide.md): kebab-case
 * folders and names, and one spelling per role, so not `.routes.ts`, `.consumer.ts`, `.recorder.ts`,
 * `.usecase.ts` or a `usecases/` folder. generated/ is in the global ignores.
 */
const ROOT = fileURLToPath(new URL(".", import.meta.url));
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const OTHER_SPELLINGS = [
  [".routes.ts", "<verb-noun>.route.ts (one RequestHandler per route, mounted by http/<name>-router.ts)"],
  [".consumer.ts", "on-<event>.handler.ts"],
  [".recorder.ts", "a .use-case.ts, .handler.ts or .repository.ts by what it does"],
  [".usecase.ts", "<verb-noun>.use-case.ts"],
];
const fileNames = {
  meta: { type: "problem", schema: [], docs: { description: "File and folder names follow docs/service-guide.md" } },
  /** @param {import("eslint").Rule.RuleContext} context */
  create(context) {
    const path = relative(ROOT, context.physicalFilename).split(sep).join("/");
    const inSource = /^(?:services|tools)\/[^/]+\/src\/(.+)$/.exec(path);
    if (!inSource) return {};
    const segments = inSource[1].split("/");
    const name = segments.pop() ?? "";
    const problems = [];
    for (const folder of segments) {
      if (folder === "usecases") problems.push("No usecases/ folder: one folder per use case, named after it (<verb-noun>/).");
      else if (!KEBAB.test(folder)) problems.push(`Folder "${folder}" is not kebab-case.`);
    }
    for (const [suffix, instead] of OTHER_SPELLINGS) {
      if (name.endsWith(suffix)) problems.push(`"${suffix}" is not a role spelling here: use ${instead}.`);
    }
    if (!name.split(".").every((part) => KEBAB.test(part))) problems.push(`File name "${name}" is not kebab-case.`);
    return {
      Program(node) {
        for (const message of problems) context.report({ node, message });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/generated/**", "**/gen/**", "**/dist/**", "web/**", "data/**", "coverage/**", "**/.scratch/**", "**/*.cjs", ".ci/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: deepImports }] },
  },
  {
    files: ["services/platform/src/**/*.ts", "services/carrier-simulator/src/**/*.ts", "tools/migrate/src/**/*.ts", "services/standalone/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...testSupport] }] },
  },
  {
    files: ["services/*/src/**/*.{ts,tsx,mts,js,mjs}", "tools/*/src/**/*.{ts,tsx,mts,js,mjs}"],
    plugins: { rebound: { rules: { "file-names": fileNames } } },
    rules: { "rebound/file-names": "error" },
  },
  ...SERVICES.flatMap((name) => [
    {
      files: [`services/${name}/src/**/*.ts`],
      ignores: [`services/${name}/src/store/**`, `services/${name}/src/main.ts`, `services/${name}/**/*.test.ts`],
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [...deepImports, ...otherServices(name), ...prismaOutsideStore, ...testSupport, ...simulatorOutsideRoots] },
        ],
      },
    },
    {
      files: [`services/${name}/src/main.ts`],
      rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherServices(name), ...prismaOutsideStore, ...testSupport] }] },
    },
    {
      files: [`services/${name}/src/store/**/*.ts`],
      ignores: [`services/${name}/**/*.test.ts`],
      rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherServices(name), ...testSupport, ...simulatorOutsideRoots] }] },
    },
    {
      files: [`services/${name}/**/*.test.ts`, `services/${name}/test/**/*.ts`],
      rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherServices(name)] }] },
    },
  ]),
);
