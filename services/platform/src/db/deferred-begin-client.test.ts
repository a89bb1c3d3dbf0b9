import { createScratchPostgresDatabase } from "@rebound/testing";
import type { PoolClient } from "pg";
import { openDatabase, type Database } from "./database";
import type { DeferredBeginClient } from "./deferred-begin-client";

/** A fresh PGlite runs initdb: seconds, or much more on a loaded machine. */
const INITDB_TIMEOUT_MS = 180_000;

/** The client's socket writes: one per round trip the client starts. */
function countWrites(client: PoolClient): { count: () => number } {
  const stream = (client as unknown as { connection: { stream: { write: (...args: unknown[]) => boolean } } }).connection.stream;
  let writes = 0;
  const write = stream.write.bind(stream);
  // Writes while the stream is corked (an extended-protocol statement's messages) leave in one writev.
  const corked = () => (stream as unknown as { writableCorked: number }).writableCorked > 0;
  stream.write = (...args: unknown[]) => {
    if (!corked()) writes++;
    return write(...args);
  };
  const uncork = (stream as unknown as { uncork: () => void }).uncork.bind(stream);
  (stream as unknown as { uncork: () => void }).uncork = () => {
    if ((stream as unknown as { writableCorked: number }).writableCorked === 1) writes++;
    uncork();
  };
  return { count: () => writes };
}

const databases: [string, () => Promise<{ database: Database; drop?: () => Promise<void> }>][] = [
  ["PGlite", async () => ({ database: await openDatabase({ dataDir: "memory" }) })],
];
if (process.env.DATABASE_URL) {
  databases.push([
    "PostgreSQL",
    async () => {
      const scratch = (await createScratchPostgresDatabase())!;
      return { database: await openDatabase({ databaseUrl: scratch.url, dataDir: "memory", poolSize: 2 }), drop: () => scratch.drop() };
    },
  ]);
}
// PostgreSQL too when DATABASE_URL is set (.ci/run sets it).

async function untilIdle(client: PoolClient): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(client as unknown as { readyForQuery: boolean }).readyForQuery && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
}

describe.each(databases)("DeferredBeginClient on %s (BEGIN sent with the transaction's first statement)", (_name, open) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, drop } = await open());
  }, INITDB_TIMEOUT_MS);

  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  beforeEach(async () => {
    await database.sql.$executeRawUnsafe("DROP TABLE IF EXISTS deferred");
    await database.sql.$executeRawUnsafe("CREATE TABLE deferred (id int PRIMARY KEY, note text)");
  });

  const ids = async () => (await database.query<{ id: number }>("SELECT id FROM deferred ORDER BY id")).map((row) => row.id);

  it("given a transaction of two inserts, then both commit, in two round trips instead of three", async () => {
    const client = await database.pool.connect();
    try {
      const writes = countWrites(client);
      const begin = await client.query("BEGIN");
      expect(begin.command).toBe("BEGIN");
      expect(writes.count()).toBe(0);
      await client.query("INSERT INTO deferred (id) VALUES ($1)", [1]);
      expect(writes.count()).toBe(1);
      await client.query("INSERT INTO deferred (id) VALUES ($1)", [2]);
      expect((await client.query("SELECT count(*)::int AS n FROM deferred")).rows).toEqual([{ n: 2 }]);
      const commit = await client.query("COMMIT");
      expect(commit.command).toBe("COMMIT");
      expect(writes.count()).toBe(4);
    } finally {
      client.release();
    }
    expect(await ids()).toEqual([1, 2]);
  });

  it("given the first statement fails, then the transaction rolls back and the connection keeps working", async () => {
    await database.sql.$executeRawUnsafe("INSERT INTO deferred (id) VALUES (1)");
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES (1)"); // duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES (2)");
        await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES (1)");
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([1]);
    await database.sql.transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES (3)");
    });
    expect(await ids()).toEqual([1, 3]);
  });

  it("given BEGIN then COMMIT or ROLLBACK with nothing between, then both answer as PostgreSQL does", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("BEGIN");
      expect((await client.query("COMMIT")).command).toBe("COMMIT");
      await client.query("begin");
      expect((await client.query("ROLLBACK")).command).toBe("ROLLBACK");
      expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });

  it("given a named BEGIN (Prisma's) and a callback BEGIN, then each is deferred and its transaction commits", async () => {
    const client = await database.pool.connect();
    try {
      await client.query({ name: "test_begin", text: "BEGIN", values: [] });
      await client.query("INSERT INTO deferred (id) VALUES (5)");
      await client.query("COMMIT");
      await new Promise<void>((resolve, reject) => client.query("BEGIN", (error: Error | null) => (error ? reject(error) : resolve())));
      await client.query("INSERT INTO deferred (id) VALUES (6)");
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    expect(await ids()).toEqual([5]);
  });

  it("given BEGIN inside a transaction, then PostgreSQL's warning passes and the transaction goes on", async () => {
    const client = await database.pool.connect();
    const notices: string[] = [];
    client.on("notice", (notice) => notices.push(notice.message ?? ""));
    try {
      await client.query("BEGIN");
      await client.query("INSERT INTO deferred (id) VALUES (7)");
      await client.query("BEGIN");
      await client.query("INSERT INTO deferred (id) VALUES (8)");
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(notices).toEqual(["there is already a transaction in progress"]);
    expect(await ids()).toEqual([7, 8]);
  });

  it("given BEGIN refused (sent inside a failed transaction), then the statement behind it fails and the connection is dropped", async () => {
    const client = await database.pool.connect();
    let failure: unknown;
    try {
      await client.query("BEGIN");
      await expect(client.query("INSERT INTO deferred (id) VALUES (NULL)")).rejects.toThrow(/null value/);
      // The error's ReadyForQuery can arrive after the rejection: a BEGIN before it is sent (and refused) as it comes.
      await untilIdle(client);
      await client.query("BEGIN"); // deferred; the server refuses it: "current transaction is aborted"
      failure = await client.query("INSERT INTO deferred (id) VALUES (10)").catch((error: unknown) => error);
    } finally {
      client.release(true);
    }
    expect(String(failure)).toMatch(/BEGIN failed: current transaction is aborted/);
    expect(await ids()).toEqual([]);
    expect((await database.query<{ one: number }>("SELECT 1 AS one"))[0]?.one).toBe(1);
  });

  describe("COMMIT sent behind the transaction's last statement", () => {
    it("given a transaction whose last statement carries COMMIT, then it commits in one round trip less", async () => {
      const client = await database.pool.connect();
      try {
        const writes = countWrites(client);
        await client.query("BEGIN");
        await client.query("INSERT INTO deferred (id) VALUES ($1)", [1]);
        const committed = (client as unknown as DeferredBeginClient).commitBehindNext();
        await client.query("INSERT INTO deferred (id) VALUES ($1)", [2]);
        expect(await committed).toBe("COMMIT");
        expect(writes.count()).toBe(2);
        // The connection is idle and in no transaction: the next statement is a transaction of its own.
        await client.query("INSERT INTO deferred (id) VALUES ($1)", [3]);
      } finally {
        client.release();
      }
      expect(await ids()).toEqual([1, 2, 3]);
    });

    it("given a one-statement transaction, then BEGIN, the statement and COMMIT leave in one write", async () => {
      const client = await database.pool.connect();
      try {
        const writes = countWrites(client);
        await client.query("BEGIN");
        const committed = (client as unknown as DeferredBeginClient).commitBehindNext();
        const inserted = await client.query("INSERT INTO deferred (id) VALUES ($1) RETURNING id", [4]);
        expect(inserted.rows).toEqual([{ id: 4 }]);
        expect(await committed).toBe("COMMIT");
        expect(writes.count()).toBe(1);
      } finally {
        client.release();
      }
      expect(await ids()).toEqual([4]);
    });

    it("given the last statement fails, then its error reaches its caller, COMMIT answers ROLLBACK and nothing is kept", async () => {
      await database.sql.$executeRawUnsafe("INSERT INTO deferred (id) VALUES (1)");
      const client = await database.pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("INSERT INTO deferred (id) VALUES (2)");
        const committed = (client as unknown as DeferredBeginClient).commitBehindNext();
        await expect(client.query("INSERT INTO deferred (id) VALUES (1)")).rejects.toThrow(/duplicate key/);
        expect(await committed).toBe("ROLLBACK");
        expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      } finally {
        client.release();
      }
      expect(await ids()).toEqual([1]);
    });

    it("given COMMIT itself fails (a deferred constraint), then the promise rejects with its error", async () => {
      await database.sql.$executeRawUnsafe("DROP TABLE IF EXISTS deferred_child");
      await database.sql.$executeRawUnsafe(
        "CREATE TABLE deferred_child (id int PRIMARY KEY, parent int REFERENCES deferred (id) DEFERRABLE INITIALLY DEFERRED)",
      );
      const client = await database.pool.connect();
      try {
        await client.query("BEGIN");
        const committed = (client as unknown as DeferredBeginClient).commitBehindNext();
        await client.query("INSERT INTO deferred_child (id, parent) VALUES (1, 99)");
        await expect(committed).rejects.toThrow(/COMMIT failed: .*foreign key/);
        expect((await client.query("SELECT count(*)::int AS n FROM deferred_child")).rows).toEqual([{ n: 0 }]);
      } finally {
        client.release();
        await database.sql.$executeRawUnsafe("DROP TABLE deferred_child");
      }
    });

    it("given the last statement never goes out (the client is not queryable), then the waiting COMMIT is dropped, not awaited forever", async () => {
      const client = await database.pool.connect();
      try {
        await client.query("BEGIN");
        const committed = (client as unknown as DeferredBeginClient).commitBehindNext();
        (client as unknown as DeferredBeginClient).abandonQueuedCommit();
        await expect(committed).rejects.toThrow(/COMMIT not sent/);
        await client.query("ROLLBACK");
      } finally {
        client.release();
      }
    });

    it("given pgSql's transaction and commitWithNextStatement, then the work commits and a statement after the last is refused", async () => {
      await database.sql.transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES ($1)", 11);
        tx.commitWithNextStatement?.();
        await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES ($1)", 12);
      });
      await expect(
        database.sql.transaction(async (tx) => {
          tx.commitWithNextStatement?.();
          await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES ($1)", 13);
          await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES ($1)", 14);
        }),
      ).rejects.toThrow(/after the transaction's last/);
      await expect(
        database.sql.transaction(async (tx) => {
          await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES ($1)", 15);
          tx.commitWithNextStatement?.();
          await tx.$executeRawUnsafe("INSERT INTO deferred (id) VALUES ($1)", 11); // duplicate key
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await ids()).toEqual([11, 12, 13]);
      expect((await database.query<{ one: number }>("SELECT 1 AS one"))[0]?.one).toBe(1);
    });
  });
});
