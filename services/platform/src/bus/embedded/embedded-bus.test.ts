import { join } from "node:path";
import { deployMigrations, migrationFactoryFor } from "@rebound/migrate";
import { PrismaClient } from "../../generated/prisma/client";
import { createSilentLogger } from "../../logging/logger";
import { createTestDatabase } from "@rebound/testing";
import { describeEventBusContract } from "@rebound/testing/bus";
import type { EventBus } from "../event-bus";
import { EmbeddedBus } from "./embedded-bus";

describeEventBusContract(
  process.env.DATABASE_URL ? "embedded log on PostgreSQL" : "embedded log on PGlite",
  async () => {
    const database = await createTestDatabase();
    const factory = migrationFactoryFor(database);
    await deployMigrations(join(__dirname, "..", "..", ".."), factory);
    const clients: PrismaClient[] = [];
    const buses: EventBus[] = [];
    const newBus = () => {
      const client = new PrismaClient({ adapter: database.adapterFactory() });
      clients.push(client);
      const bus = new EmbeddedBus(client, {
        logger: createSilentLogger(),
        serializeAppends: database.kind === "postgres",
        pollIntervalMs: 200,
      });
      buses.push(bus);
      return bus;
    };
    let topics = 0;
    return {
      bus: newBus(),
      newBus: async () => newBus(),
      topic: () => `contract-${topics++}`,
      cleanup: async () => {
        await Promise.all(buses.map((bus) => bus.close()));
        await Promise.all(clients.map((client) => client.$disconnect()));
        await database.close();
      },
    };
  },
  { groupSharing: "single-active" },
);
