import { PGlite } from "@electric-sql/pglite";
const db = new PGlite("/tmp/pgraw-data");
await db.waitReady;
const t = performance.now();
for (let i = 0; i < 10000; i++) await db.exec("select 1");
console.log((performance.now() - t) / 10000);
await db.close();
