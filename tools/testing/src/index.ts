// Test support for component and integration tests. Production code never imports this package.
export * from "./test-database";
export * from "./test-runtime";
export * from "./event-recorder";
export * from "./fake-clock";
export * from "./browser";
export * from "./describe-if";
export * from "./free-port";
export * from "./owner-client";
export * from "./raw-exchange";
export * from "./texting-registration";
export { migratedTemplate } from "./migrated-template";
export * from "./private-postgres";
