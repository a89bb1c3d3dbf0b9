// Owner alerts: each texted missed call leaves a pending row (with SmsSent); this job sends
// a business's pending rows as one e-mail, at most one e-mail per interval per business.
// Rows survive a restart. A crash between the e-mail and its mark sends that e-mail again
// (at least once: an owner would rather hear twice than never).
import type { Clock, Logger, Mailer } from "@rebound/platform";
import { ownerAlertEmail } from "../domain/owner-alert-email";
import type { DispatchReadModel } from "../read-model/dispatch-read-model";
import type { MessagingDb } from "../store/messaging-db";
import type { OwnerAlertRepository } from "../store/owner-alert.repository";

export interface SendOwnerAlertsDeps {
  db: MessagingDb;
  alerts: OwnerAlertRepository;
  readModel: DispatchReadModel;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** At most one e-mail per business per this many ms (5 minutes). */
  minGapMs: number;
  dashboardUrl: () => string;
}

const BUSINESSES_PER_RUN = 50;
const CALLS_PER_EMAIL = 100;

export class SendOwnerAlerts {
  constructor(private readonly deps: SendOwnerAlertsDeps) {}

  /** Sends the e-mails due now; returns how many went out. */
  async run(): Promise<number> {
    const { db, alerts, clock, minGapMs } = this.deps;
    const now = clock.now();
    const due = await alerts.dueBusinesses(db.client, new Date(now.getTime() - minGapMs), BUSINESSES_PER_RUN);
    let sent = 0;
    for (const businessId of due) {
      try {
        if (await this.sendFor(businessId, now)) sent++;
      } catch (error) {
        this.deps.logger.warn({ err: error, businessId }, "owner alert e-mail failed; will retry");
      }
    }
    return sent;
  }

  private async sendFor(businessId: string, now: Date): Promise<boolean> {
    const { db, alerts, readModel, mailer } = this.deps;
    const pending = await alerts.pendingOf(db.client, businessId, CALLS_PER_EMAIL);
    const ids = pending.map((alert) => alert.id);
    const business = readModel.business(businessId);
    const to = business?.profile?.ownerEmail.trim() ?? "";
    if (!business?.settings?.ownerAlertsEnabled || to === "") {
      await alerts.markEmailed(db.client, ids, now, true);
      return false;
    }
    const email = ownerAlertEmail({
      businessName: business.profile?.businessName ?? "",
      timeZone: business.settings.timeZone,
      calls: pending,
      dashboardUrl: this.deps.dashboardUrl(),
    });
    await mailer.send({ to, ...email });
    await alerts.markEmailed(db.client, ids, now, false);
    return true;
  }
}
