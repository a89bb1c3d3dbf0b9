// forwarding_emails: the owner's forwarding watchdog e-mails, one per ForwardingStatusChanged event.
import type { Prisma } from "../generated/prisma/client";
import type { MessagingDb } from "./messaging-db";

export interface PendingForwardingEmail {
  eventId: string;
  businessId: string;
  kind: string;
  cause: string;
  silentSince: Date | null;
  lastForwardedCallAt: Date | null;
  expectedCallsPerDay: number | null;
  timeZone: string;
  dedicatedNumber: string;
  createdAt: Date;
}

export class ForwardingEmailRepository {
  constructor(private readonly db: MessagingDb) {}

  /** Once per event: a redelivered event adds nothing. */
  async add(tx: Prisma.TransactionClient, email: PendingForwardingEmail): Promise<void> {
    await tx.forwardingEmail.createMany({ data: [email], skipDuplicates: true });
  }

  async pending(limit: number): Promise<PendingForwardingEmail[]> {
    return this.db.client.forwardingEmail.findMany({
      where: { emailedAt: null },
      orderBy: { createdAt: "asc" },
      take: limit,
      select: {
        eventId: true,
        businessId: true,
        kind: true,
        cause: true,
        silentSince: true,
        lastForwardedCallAt: true,
        expectedCallsPerDay: true,
        timeZone: true,
        dedicatedNumber: true,
        createdAt: true,
      },
    });
  }

  /** Takes the e-mail for sending (false: another process took it, or it went out); at most one sender. */
  async claim(eventId: string, at: Date, skipped = false): Promise<boolean> {
    const claimed = await this.db.client.forwardingEmail.updateMany({ where: { eventId, emailedAt: null }, data: { emailedAt: at, skipped } });
    return claimed.count > 0;
  }

  /** The mailer failed: pending again, for the next run. */
  async release(eventId: string): Promise<void> {
    await this.db.client.forwardingEmail.updateMany({ where: { eventId }, data: { emailedAt: null, skipped: false } });
  }
}
