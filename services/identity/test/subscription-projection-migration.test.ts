import { freshPglite } from "@rebound/migrate";
import type { PGlite } from "@electric-sql/pglite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const MIGRATIONS = join(__dirname, "..", "prisma", "migrations");
const PROJECTION = "subscription_projection";

/** Identity's migrations in order, split at the one that moves billing's data out of the users table. */
const folders = readdirSync(MIGRATIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const at = folders.findIndex((name) => name.endsWith(`_${PROJECTION}`));
const sqlOf = (folder: string) => readFileSync(join(MIGRATIONS, folder, "migration.sql"), "utf8");

describe("the subscription_projection migration", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await freshPglite();
  });
  afterAll(async () => {
    await pglite.close();
  });

  it("given accounts with billing's columns, when migrated, then each keeps its plan, frequency, status and trial end in the projection, and users holds none of them", async () => {
    expect(at).toBeGreaterThan(0);
    for (const folder of folders.slice(0, at)) await pglite.exec(sqlOf(folder));
    await pglite.exec(`
      INSERT INTO identity.users (id, email, password_hash, subscription_plan, subscription_status, billing_frequency, trial_ends_at, stripe_customer_id, updated_at)
      VALUES ('00000000-0000-4000-8000-000000000001', 'paid@example.com', 'h', 'enterprise', 'active', 'yearly', '2026-01-15T10:00:00Z', 'cus_1', '2026-01-20T00:00:00Z'),
             ('00000000-0000-4000-8000-000000000002', 'cardless@example.com', 'h', 'professional', 'trial', 'monthly', '2026-02-01T00:00:00Z', NULL, '2026-01-18T00:00:00Z');
    `);
    for (const folder of folders.slice(at)) await pglite.exec(sqlOf(folder));

    const projection = await pglite.query(
      `SELECT user_id, plan, billing_frequency, status, trial_ends_at, updated_at FROM identity.${PROJECTION} ORDER BY user_id`,
    );
    expect(projection.rows).toEqual([
      {
        user_id: "00000000-0000-4000-8000-000000000001",
        plan: "enterprise",
        billing_frequency: "yearly",
        status: "active",
        trial_ends_at: new Date("2026-01-15T10:00:00Z"),
        updated_at: new Date("2026-01-20T00:00:00Z"),
      },
      {
        user_id: "00000000-0000-4000-8000-000000000002",
        plan: "professional",
        billing_frequency: "monthly",
        status: "trial",
        trial_ends_at: new Date("2026-02-01T00:00:00Z"),
        updated_at: new Date("2026-01-18T00:00:00Z"),
      },
    ]);
    const columns = await pglite.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'identity' AND table_name = 'users' ORDER BY column_name",
    );
    const names = columns.rows.map((row) => row.column_name);
    expect(names).toEqual(expect.arrayContaining(["id", "email", "password_hash"]));
    for (const billing of ["subscription_plan", "subscription_status", "billing_frequency", "trial_ends_at", "stripe_customer_id", "stripe_subscription_id"]) {
      expect(names).not.toContain(billing);
    }
  });
});
