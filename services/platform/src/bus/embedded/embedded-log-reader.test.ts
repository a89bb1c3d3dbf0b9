import { join } from "node:path";
import { deployMigrations, migrationFactoryFor } from "@rebound/migrate";
import { createTestDatabase } from "@rebound/testing";
import { PrismaClient } from "../../generated/prisma/client";
import { createSilentLogger } from "../../logging/logger";
import type { BusRecord } from "../event-bus";
import { EmbeddedBus } from "./embedded-bus";
import { openEmbeddedLogReader } from "./embedded-log-reader";

const record = (topic: string, key: string, type: string): BusRecord => ({
  topic,
  key,
  headers: { "event-type": type, "event-id": `${topic}-${key}` },
  value: new TextEncoder().encode(`${topic}/${key}`),
});

describe("openEmbeddedLogReader", () => {
  it("replays the given topics from sequence 0 in log order, a batch at a time, and ends with []", async () => {
    const database = await createTestDatabase();
    await deployMigrations(join(__dirname, "..", "..", ".."), migrationFactoryFor(database));
    const client = new PrismaClient({ adapter: database.adapterFactory() });
    const bus = new EmbeddedBus(client, { logger: createSilentLogger(), serializeAppends: database.kind === "postgres", pollIntervalMs: 200 });
    try {
      await bus.publish([record("a", "1", "X"), record("b", "2", "Y"), record("a", "3", "Z")]);
      await bus.publish(Array.from({ length: 10 }, (_, index) => record("a", String(index + 4), "X")));
      const reader = openEmbeddedLogReader(client, ["a"]);

      const first = await reader.next(2);
      expect(first.map((r) => r.key)).toEqual(["1", "3"]);
      expect(first[0]).toMatchObject({ topic: "a", partition: expect.any(Number), headers: { "event-type": "X", "event-id": "a-1" } });
      expect(new TextDecoder().decode(first[1]!.value)).toBe("a/3");
      expect(BigInt(first[1]!.offset)).toBeGreaterThan(BigInt(first[0]!.offset));
      const rest = [...(await reader.next(8)), ...(await reader.next(8))];
      expect(rest.map((r) => r.key)).toEqual(["4", "5", "6", "7", "8", "9", "10", "11", "12", "13"]);
      expect(await reader.next(8)).toEqual([]);
      await reader.close();
    } finally {
      await bus.close();
      await client.$disconnect();
      await database.close();
    }
  });
});
