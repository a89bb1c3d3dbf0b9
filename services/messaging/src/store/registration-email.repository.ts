// registration_emails: the owner's texting registration e-mails, one per (registration, status).
import type { SqlExecutor } from "@rebound/platform";
import { table, type MessagingDb } from "./messaging-db";

export interface PendingRegistrationEmail {
  registrationId: string;
  status: string;
  businessId: string;
  failureReason: string;
  createdAt: Date;
}

const EMAILS = table("registration_emails");

export class RegistrationEmailRepository {
  constructor(private readonly db: MessagingDb) {}

  /** Once per (registration, status): a repeated status change or a redelivered event adds nothing. */
  async add(tx: SqlExecutor, email: PendingRegistrationEmail): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${EMAILS} (registration_id, status, business_id, failure_reason, created_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz) ON CONFLICT (registration_id, status) DO NOTHING`,
      email.registrationId,
      email.status,
      email.businessId,
      email.failureReason,
      email.createdAt,
    );
  }

  async pending(limit: number): Promise<PendingRegistrationEmail[]> {
    return this.db.client.registrationEmail.findMany({
      where: { emailedAt: null },
      orderBy: { createdAt: "asc" },
      take: limit,
      select: { registrationId: true, status: true, businessId: true, failureReason: true, createdAt: true },
    });
  }

  /** Takes the e-mail for sending (false: another process took it, or it went out); at most one sender. */
  async claim(registrationId: string, status: string, at: Date, skipped = false): Promise<boolean> {
    const claimed = await this.db.client.registrationEmail.updateMany({
      where: { registrationId, status, emailedAt: null },
      data: { emailedAt: at, skipped },
    });
    return claimed.count > 0;
  }

  /** The mailer failed: pending again, for the next run. */
  async release(registrationId: string, status: string): Promise<void> {
    await this.db.client.registrationEmail.updateMany({ where: { registrationId, status }, data: { emailedAt: null, skipped: false } });
  }
}
