import type { EventAppender, PlatformRuntime, ServiceDb } from "@rebound/platform";
import { PrismaClient, type Prisma } from "../generated/prisma/client";

export type GatewayDb = ServiceDb<PrismaClient, Prisma.TransactionClient>;
export type GatewayTx = Prisma.TransactionClient & EventAppender;

export function createGatewayDb(runtime: PlatformRuntime): GatewayDb {
  return runtime.createServiceDb<PrismaClient, Prisma.TransactionClient>("gateway", (adapter) => new PrismaClient({ adapter }));
}
