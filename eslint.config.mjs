// @ts-check
import tseslint from "typescript-eslint";

const SERVICES = ["gateway", "identity", "business", "telephony", "messaging", "billing", "analytics"];

/** Services never import each other: they share only @rebound/contracts and @rebound/platform. */
const otherServices = (self) =>
  SERVICES.filter((name) => name !== self).flatMap((name) => [
    { group: [`@rebound/${name}`, `@rebound/${name}/*`], message: "Services never import each other; talk through events." },
    { group: [`**/services/${name}/**`, `../../${name}/**`, `../../../${name}/**`], message: "Services never import each other; talk through events." },
  ]);

/** Only store/ touches the database client. */
const prismaOutsideStore = [
  { group: ["@prisma/*", "**/generated/prisma", "**/generated/prisma/*"], message: "Only files in store/ may use Prisma." },
];

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
  ...SERVICES.flatMap((name) => [
    {
      files: [`services/${name}/**/*.ts`],
      ignores: [`services/${name}/src/store/**`, `services/${name}/**/*.test.ts`, `services/${name}/test/**`],
      rules: { "no-restricted-imports": ["error", { patterns: [...otherServices(name), ...prismaOutsideStore] }] },
    },
    {
      files: [`services/${name}/src/store/**/*.ts`, `services/${name}/**/*.test.ts`, `services/${name}/test/**/*.ts`],
      rules: { "no-restricted-imports": ["error", { patterns: otherServices(name) }] },
    },
  ]),
);
