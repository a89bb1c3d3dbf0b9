import { PGlite, protocol } from "@electric-sql/pglite";
import { readFileSync, readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
const db = new PGlite();
await db.waitReady;
const mig = (svc) => { const d = `services/${svc}/prisma/migrations`; for (const m of readdirSync(d).filter(x => !x.endsWith(".toml")).sort()) return readFileSync(`${d}/${m}/migration.sql`, "utf8"); };
await db.exec(mig("messaging"));
const ser = protocol.serialize;
const run = (sql) => db.execProtocolStream(ser.query(sql), { syncToFs: false }).then(async r => { await db.execProtocolStream(ser.sync(), { syncToFs: false }); return r; });
const t = (x) => "messaging." + x;
const SEND = (p) => `
WITH checks AS (
  SELECT
    EXISTS (SELECT 1 FROM ${t("opt_outs")} WHERE business_id = ${p[1]} AND caller_number = ${p[2]} AND opted_out) AS opted_out,
    COALESCE((SELECT texted FROM ${t("monthly_usage")} WHERE business_id = ${p[1]} AND month = ${p[3]}), 0) >= ${p[4]}::int AS capped,
    EXISTS (SELECT 1 FROM ${t("caller_contacts")} WHERE business_id = ${p[1]} AND caller_number = ${p[2]} AND last_texted_at > ${p[5]}::timestamptz) AS recent
), decision AS (
  INSERT INTO ${t("call_dispatches")} (call_id, business_id, event_id, outcome, reason, sms_id, decided_at)
  SELECT ${p[6]}, ${p[1]}, ${p[7]},
    CASE WHEN opted_out OR capped OR recent THEN 'suppress' ELSE 'send' END,
    CASE WHEN opted_out THEN 'opted_out' WHEN capped THEN 'cap_reached' WHEN recent THEN 'duplicate_window' END,
    CASE WHEN opted_out OR capped OR recent THEN NULL ELSE ${p[8]}::uuid END,
    ${p[9]}::timestamptz
  FROM checks
  ON CONFLICT (call_id) DO NOTHING
  RETURNING outcome, reason
), contact AS (
  INSERT INTO ${t("caller_contacts")} AS c (business_id, caller_number, last_texted_at)
  SELECT ${p[1]}, ${p[2]}, ${p[9]}::timestamptz FROM decision WHERE outcome = 'send'
  ON CONFLICT (business_id, caller_number) DO UPDATE SET last_texted_at = EXCLUDED.last_texted_at
  RETURNING 1
), usage AS (
  INSERT INTO ${t("monthly_usage")} AS u (business_id, month, texted)
  SELECT ${p[1]}, ${p[3]}, 1 FROM decision WHERE outcome = 'send'
  ON CONFLICT (business_id, month) DO UPDATE SET texted = u.texted + 1
  RETURNING texted
), sms AS (
  INSERT INTO ${t("sms_logs")} (id, business_id, call_id, recipient_number, sender_number, message, kind, status, lease_until, sent_at, updated_at)
  SELECT ${p[8]}::uuid, ${p[1]}, ${p[6]}, ${p[2]}, ${p[10]}, ${p[11]}, ${p[12]}, 'queued', ${p[13]}::timestamptz, ${p[9]}::timestamptz, ${p[9]}::timestamptz
  FROM decision WHERE outcome = 'send'
  RETURNING 1
)
SELECT d.outcome, d.reason, (SELECT texted FROM usage) AS texted FROM decision d`;
const q = (s) => `'${s}'`;
let i = 0;
const params = () => { i++; const now = new Date().toISOString(); return [null, q("biz-1"), q("+1555" + String(1000000 + i)), q("2026-11"), q("1000000"), q(new Date(Date.now() - 86400000).toISOString()), q("call-" + i), q(randomUUID()), q(randomUUID()), q(now), q("+15550000000"), q("Thanks for calling Acme! We missed you and will call back shortly."), q("missed_call"), q(now)]; };
const N = 1000;
async function bench(label, fn) { for (let k = 0; k < 100; k++) await fn(); const t0 = performance.now(); for (let k = 0; k < N; k++) await fn(); console.log(label.padEnd(40), ((performance.now() - t0) / N).toFixed(3), "ms"); }
await bench("simple inlined", () => run(SEND(params())));
await run(`PREPARE send(text,text,text,text,text,text,text,text,text,text,text,text,text) AS ${SEND(Array.from({length:14},(_, k)=>"$"+k))}`);
await bench("EXECUTE (auto plan mode)", () => run(`EXECUTE send(${params().slice(1).join(",")})`));
await run("SET plan_cache_mode = force_generic_plan");
await bench("EXECUTE (force generic)", () => run(`EXECUTE send(${params().slice(1).join(",")})`));
await bench("simple inlined again", () => run(SEND(params())));
await bench("BEGIN;EXECUTE;COMMIT", () => run(`BEGIN; EXECUTE send(${params().slice(1).join(",")}); COMMIT`));
await db.close();
