import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

/** A business's dedicated number. */
export interface PhoneNumberRecord {
  id: string;
  businessId: string;
  userId: string;
  phoneNumber: string;
  providerSid: string;
  /** The provider account that owns the number (the business's subaccount); null: the main account (numbers bought before subaccounts). */
  accountSid: string | null;
  country: string;
  purchasedAt: Date;
}

type Client = Prisma.TransactionClient;

const SELECT = { id: true, businessId: true, userId: true, phoneNumber: true, providerSid: true, accountSid: true, country: true, purchasedAt: true } as const;

export class PhoneNumberRepository {
  constructor(private readonly db: TelephonyDb) {}

  findByBusiness(businessId: string): Promise<PhoneNumberRecord | null> {
    return this.db.client.phoneNumber.findUnique({ where: { businessId }, select: SELECT });
  }

  findByNumber(phoneNumber: string): Promise<PhoneNumberRecord | null> {
    return this.db.client.phoneNumber.findUnique({ where: { phoneNumber }, select: SELECT });
  }

  findByUser(client: Client, userId: string): Promise<PhoneNumberRecord[]> {
    return client.phoneNumber.findMany({ where: { userId }, select: SELECT });
  }

  findBySid(providerSid: string): Promise<PhoneNumberRecord | null> {
    return this.db.client.phoneNumber.findFirst({ where: { providerSid }, select: SELECT });
  }

  listAll(): Promise<PhoneNumberRecord[]> {
    return this.db.client.phoneNumber.findMany({ select: SELECT });
  }

  async insert(tx: Client, record: PhoneNumberRecord): Promise<void> {
    await tx.phoneNumber.create({ data: record });
  }

  async deleteBySid(tx: Client, providerSid: string): Promise<void> {
    await tx.phoneNumber.deleteMany({ where: { providerSid } });
  }
}
