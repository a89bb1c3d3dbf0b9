// @ts-check
import { readdirSync } from "node:fs";
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
const deepImports = [{ group: ["@rebound/*/src", "@rebound/*/src/**"], message: "Import the package's public API (its package.json exports), not its files." }];

/** Test support is not a production dependency of a service. */
const testSupport = [{ group: ["@rebound/testing", "@rebound/testing/*"], message: "@rebound/testing is for tests only." }];
/**
 * The simulators are dev-only packages that production images do not contain (validate:deploy's
 * image check fails on them): only dev entries (`*.dev.ts`), standalone and tests import them.
 */
const simulators = [
  {
    group: ["@rebound/carrier-simulator", "@rebound/carrier-simulator/*", "@rebound/payment-simulator", "@rebound/payment-simulator/*", "@rebound/billing/dev"],
    message: "The simulators are dev-only: only *.dev.ts entries, standalone and tests import them (production images do not contain them).",
  },
];
/** The Twilio adapter (services may use its TwiML builders, @rebound/twilio/twiml). */
const twilioOutsideRoots = [
  {
    name: "@rebound/twilio",
    message: "Only composition roots build the Twilio provider; services use TelephonyProvider (@rebound/providers/telephony).",
  },
];
/** A service's composition roots: its entries (main.ts, main.dev.ts) and compose.ts, which they run. */
const compositionRoots = (name) => [`services/${name}/src/main.ts`, `services/${name}/src/compose.ts`, `services/${name}/src/**/*.dev.ts`];

/** Only store/ touches the database client. */
const prismaOutsideStore = [{ group: ["@prisma/*", "**/generated/prisma", "**/generated/prisma/*"], message: "Only files in store/ may use Prisma." }];

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
    const inSource = /^(?:services|tools|packages)\/[^/]+\/src\/(.+)$/.exec(path);
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

/**
 * web/src: kebab-case file and folder names (route files follow TanStack Router's
 * file-route naming instead: `__root.tsx`, `_authenticated/`, `app.{-$section}.tsx`), and no barrels.
 */
const webFileNames = {
  meta: { type: "problem", schema: [], docs: { description: "web/src file and folder names are kebab-case" } },
  /** @param {import("eslint").Rule.RuleContext} context */
  create(context) {
    const path = relative(ROOT, context.physicalFilename).split(sep).join("/");
    const inWeb = /^web\/src\/(.+)$/.exec(path);
    if (!inWeb || inWeb[1].startsWith("routes/")) return {};
    const segments = inWeb[1].split("/");
    const name = segments.pop() ?? "";
    const problems = [];
    for (const folder of segments) if (!KEBAB.test(folder)) problems.push(`Folder "${folder}" is not kebab-case.`);
    if (!name.split(".").every((part) => KEBAB.test(part))) problems.push(`File name "${name}" is not kebab-case.`);
    if (/^index\.tsx?$/.test(name)) problems.push("No barrel index files: import the module itself (barrels defeat code splitting).");
    return {
      Program(node) {
        for (const message of problems) context.report({ node, message });
      },
    };
  },
};

/** The repository's own rules, one plugin object (flat config refuses two under one name). */
const rebound = { rules: { "file-names": fileNames, "web-file-names": webFileNames } };

const WEB_FEATURES = readdirSync(new URL("./web/src/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Features never import each other; what two features share moves to shared/ (bulletproof-react's zones). */
const otherFeatures = (self) =>
  WEB_FEATURES.filter((name) => name !== self).map((name) => ({
    group: [`@/features/${name}`, `@/features/${name}/**`, `../../${name}/**`, `../../../${name}/**`, `**/features/${name}/**`],
    message: "Features never import each other's files: move what both need to web/src/shared/.",
  }));

/** shared/ and config/ sit under the features: they never import one. */
const featuresFromShared = [
  { group: ["@/features", "@/features/**", "**/features/**"], message: "shared/ and config/ never import a feature: pass it in, or move the code to shared/." },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/generated/**",
      "**/gen/**",
      "**/dist/**",
      "web/src/route-tree.gen.ts",
      "web/e2e/screenshots/**",
      "data/**",
      "coverage/**",
      "**/.scratch/**",
      "**/*.cjs",
      ".ci/**",
    ],
  },
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
    files: ["packages/*/src/**/*.ts", "services/standalone/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...testSupport] }] },
  },
  {
    files: ["services/platform/src/**/*.ts", "tools/migrate/src/**/*.ts", "packages/twilio/src/**/*.ts", "packages/providers/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...testSupport, ...simulators] }] },
  },
  {
    files: ["services/*/src/**/*.{ts,tsx,mts,js,mjs}", "tools/*/src/**/*.{ts,tsx,mts,js,mjs}", "packages/*/src/**/*.{ts,tsx,mts,js,mjs}"],
    plugins: { rebound },
    rules: { "rebound/file-names": "error" },
  },
  ...SERVICES.flatMap((name) => [
    {
      files: [`services/${name}/src/**/*.ts`],
      ignores: [`services/${name}/src/store/**`, ...compositionRoots(name), `services/${name}/**/*.test.ts`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            paths: twilioOutsideRoots,
            patterns: [...deepImports, ...otherServices(name), ...prismaOutsideStore, ...testSupport, ...simulators],
          },
        ],
      },
    },
    {
      // Production's composition roots: they build the real providers (Twilio, Stripe), never a simulator.
      files: [`services/${name}/src/main.ts`, `services/${name}/src/compose.ts`],
      rules: {
        "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherServices(name), ...prismaOutsideStore, ...testSupport, ...simulators] }],
      },
    },
    {
      // Development's entries (main.dev.ts, billing's payment-provider.dev.ts): the simulators' only way into a service.
      files: [`services/${name}/src/**/*.dev.ts`],
      rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherServices(name), ...prismaOutsideStore, ...testSupport] }] },
    },
    {
      files: [`services/${name}/src/store/**/*.ts`],
      ignores: [`services/${name}/**/*.test.ts`],
      rules: {
        "no-restricted-imports": ["error", { paths: twilioOutsideRoots, patterns: [...deepImports, ...otherServices(name), ...testSupport, ...simulators] }],
      },
    },
    {
      files: [`services/${name}/**/*.test.ts`, `services/${name}/test/**/*.ts`],
      rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherServices(name)] }] },
    },
  ]),
  {
    // An event handler parses nothing and touches no database: it calls a use case, which does
    // processOnce, the writes and the memory update (docs/service-guide.md, "Consuming events";
    // tools/testing/src/consumer-shape.test.ts checks the rest of the shape).
    files: ["services/*/src/**/*.handler.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["processOnce", "transaction", "sqlTransaction", "client"].map((name) => ({
          selector: `MemberExpression[property.name='${name}']`,
          message: `No .${name} in a handler: call a <verb-noun>.use-case.ts function, which does the database work.`,
        })),
      ],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { rebound },
    rules: { "rebound/web-file-names": "error" },
  },
  ...WEB_FEATURES.map((name) => ({
    files: [`web/src/features/${name}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...otherFeatures(name)] }] },
  })),
  {
    files: ["web/src/shared/**/*.{ts,tsx}", "web/src/config/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [...deepImports, ...featuresFromShared] }] },
  },
);
