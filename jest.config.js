// One jest config, one project per workspace. Component and unit tests run on the
// embedded adapters; *.int.test.ts files use PostgreSQL/Redis/Kafka when their
// URLs are set and are skipped by their own guard otherwise (see platform/testing).
const swc = ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }];
const workspaces = ["proto", "services/platform", "services/gateway", "services/identity", "services/business", "services/telephony", "services/messaging", "services/billing", "services/analytics", "services/standalone"];

module.exports = {
  projects: workspaces.map((dir) => ({
    displayName: dir.replace("services/", ""),
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: "node",
    transform: { "^.+\\.ts$": swc },
    testMatch: ["<rootDir>/**/*.test.ts"],
    testPathIgnorePatterns: ["/node_modules/", "/generated/", "/gen/"],
  })),
  testTimeout: 30000,
};
