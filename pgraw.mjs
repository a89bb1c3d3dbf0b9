import { PGlite, protocol, parse } from "@electric-sql/pglite";
const db = new PGlite("/tmp/pgraw-data");
await db.waitReady;
const ser = protocol.serialize;
const N = 2000;
async function bench(label, fn) { for (let i=0;i<100;i++) await fn(); const t = performance.now(); for (let i = 0; i < N; i++) await fn(); console.log(label.padEnd(50), ((performance.now() - t) / N).toFixed(3), "ms"); }
const q = ser.query("select 1"), s = ser.sync();
await bench("exec select 1", () => db.exec("select 1"));
await bench("execProtocolStream Q", () => db.execProtocolStream(q, { syncToFs: false }));
await bench("execProtocolStream Q+S", async () => { await db.execProtocolStream(q, { syncToFs: false }); await db.execProtocolStream(s, { syncToFs: false }); });
await bench("mutexes + Q+S", () => db._runExclusiveTransaction(() => db._runExclusiveQuery(async () => { await db.execProtocolStream(q, { syncToFs: false }); await db.execProtocolStream(s, { syncToFs: false }); })));
await bench("mutexes + Q+S + syncToFs", () => db._runExclusiveTransaction(() => db._runExclusiveQuery(async () => { await db.execProtocolStream(q, { syncToFs: false }); await db.execProtocolStream(s, { syncToFs: false }); await db.syncToFs(); })));
await bench("execProtocol Q", () => db.execProtocol(q, { syncToFs: false }));
await bench("execProtocol Q syncToFs", () => db.execProtocol(q));
await db.close();
