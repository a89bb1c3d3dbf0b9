// One jest config, one project per workspace. Component and unit tests run on the
// embedded adapters; *.int.test.ts files need PostgreSQL/Redis/Kafka and report as
// skipped (with the reason) when their URLs are not set.
const swc = ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }];
const workspaces = [
  "proto",
  "services/platform",
  "packages/providers",
  "packages/twilio",
  "packages/carrier-simulator",
  "packages/payment-simulator",
  "services/gateway",
  "services/identity",
  "services/business",
  "services/telephony",
  "services/messaging",
  "services/billing",
  "services/analytics",
  "services/standalone",
  "tools/migrate",
  "tools/testing",
];

module.exports = {
  projects: workspaces.map((dir) => ({
    displayName: dir.replace(/^(services|tools|packages)\//, ""),
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: "node",
    transform: { "^.+\\.ts$": swc },
    // `import("./service.js")` in main.ts files names the TypeScript source.
    moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
    testMatch: ["<rootDir>/**/*.test.ts"],
    testPathIgnorePatterns: ["/node_modules/", "/generated/", "/gen/"],
  })),
  testTimeout: 30000,
  // With TESTCONTAINERS=1 (npm run test:containers): PostgreSQL and Redis in containers for the run, their
  // URLs in DATABASE_URL/REDIS_URL unless already set (tools/testing/README.md). Otherwise nothing.
  globalSetup: "<rootDir>/tools/testing/src/containers/jest-global-setup.ts",
  globalTeardown: "<rootDir>/tools/testing/src/containers/jest-global-teardown.ts",
  // Most suites wait on timers and the PGlite thread more than they compute: on a 2-core
  // machine three workers finish sooner than jest's default of one (cores - 1).
  maxWorkers: Number(process.env.JEST_WORKERS ?? 3),
};
