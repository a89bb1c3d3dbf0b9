import type { Prisma } from "../generated/prisma/client";

/** A business's dedicated number. */
export interface PhoneNumberRecord {
  id: string;
  businessId: string;
  userId: string;
  phoneNumber: string;
  providerSid: string;
  country: string;
  purchasedAt: Date;
}

type Client = Prisma.TransactionClient;

const SELECT = { id: true, businessId: true, userId: true, phoneNumber: true, providerSid: true, country: true, purchasedAt: true } as const;

export const phoneNumberRepository = {
  findByBusiness(client: Client, businessId: string): Promise<PhoneNumberRecord | null> {
    return client.phoneNumber.findUnique({ where: { businessId }, select: SELECT });
  },

  findByNumber(client: Client, phoneNumber: string): Promise<PhoneNumberRecord | null> {
    return client.phoneNumber.findUnique({ where: { phoneNumber }, select: SELECT });
  },

  findByUser(client: Client, userId: string): Promise<PhoneNumberRecord[]> {
    return client.phoneNumber.findMany({ where: { userId }, select: SELECT });
  },

  listAll(client: Client): Promise<PhoneNumberRecord[]> {
    return client.phoneNumber.findMany({ select: SELECT });
  },

  async insert(tx: Client, record: PhoneNumberRecord): Promise<void> {
    await tx.phoneNumber.create({ data: record });
  },

  async deleteBySid(tx: Client, providerSid: string): Promise<void> {
    await tx.phoneNumber.deleteMany({ where: { providerSid } });
  },
};
