import type { Prisma } from "../generated/prisma/client";

/** Telephony's read model of a business (from business events). */
export interface BusinessRecord {
  businessId: string;
  userId: string;
  businessPhone: string;
  answerCalls: boolean;
}

type Client = Prisma.TransactionClient;

const SELECT = { businessId: true, userId: true, businessPhone: true, answerCalls: true } as const;

export const businessDirectoryRepository = {
  listAll(client: Client): Promise<BusinessRecord[]> {
    return client.businessDirectory.findMany({ select: SELECT });
  },

  findByUser(client: Client, userId: string): Promise<BusinessRecord | null> {
    return client.businessDirectory.findUnique({ where: { userId }, select: SELECT });
  },

  findByBusiness(client: Client, businessId: string): Promise<BusinessRecord | null> {
    return client.businessDirectory.findUnique({ where: { businessId }, select: SELECT });
  },

  /** Creates or updates the business; `changes` without a field leaves it as it is. */
  upsert(tx: Client, businessId: string, userId: string, changes: Partial<Pick<BusinessRecord, "businessPhone" | "answerCalls">>): Promise<BusinessRecord> {
    return tx.businessDirectory.upsert({
      where: { businessId },
      create: { businessId, userId, ...changes },
      update: { userId, ...changes },
      select: SELECT,
    });
  },
};
