// `npm test` runs this before jest: the migrated PGlite template is built once here, instead of
// by several jest workers at once while the machine is busy starting suites.
import { migratedTemplate } from "./migrated-template";

const started = Date.now();
migratedTemplate().then(
  (template) => console.log(`test database template ready (${(template.byteLength / 1e6).toFixed(0)} MB, ${Date.now() - started} ms)`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
