import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

/** A business's provider subaccount; the auth token as sealed by the secret box. */
export interface TextingAccountRecord {
  businessId: string;
  accountSid: string;
  authTokenSealed: string;
  keyId: string;
  createdAt: Date;
}

type Client = Prisma.TransactionClient;

export class TextingAccountRepository {
  constructor(private readonly db: TelephonyDb) {}

  findByBusiness(businessId: string): Promise<TextingAccountRecord | null> {
    return this.db.client.textingAccount.findUnique({ where: { businessId } });
  }

  findByAccountSid(accountSid: string): Promise<TextingAccountRecord | null> {
    return this.db.client.textingAccount.findUnique({ where: { accountSid } });
  }

  /** Inserts the business's account; a unique violation means another request created it first. */
  async insert(client: Client, record: TextingAccountRecord): Promise<void> {
    await client.textingAccount.create({ data: record });
  }
}
