// The owner's forwarding watchdog e-mails, from forwarding_emails. Each row is claimed before it is sent and
// released if the mailer fails: at most one e-mail per event even with several replicas.
import { FORWARDING_EMAIL_KINDS, forwardingEmail, type ForwardingEmailKind } from "../domain/forwarding-email";
import type { MessagingDeps } from "../messaging-deps";

const EMAILS_PER_RUN = 50;
/** A business whose profile (owner's e-mail) never arrived: dropped after this long. */
const UNKNOWN_OWNER_GIVE_UP_MS = 24 * 60 * 60 * 1000;

const isKind = (kind: string): kind is ForwardingEmailKind => (FORWARDING_EMAIL_KINDS as readonly string[]).includes(kind);

/** Sends the pending e-mails; returns how many went out. */
export async function sendForwardingEmails(
  deps: Pick<MessagingDeps, "forwardingEmails" | "readModel" | "mailer" | "clock" | "logger" | "settings">,
): Promise<number> {
  const { forwardingEmails, readModel, mailer, clock, logger } = deps;
  let sent = 0;
  for (const row of await forwardingEmails.pending(EMAILS_PER_RUN)) {
    const now = clock.now();
    const business = readModel.business(row.businessId);
    const to = business?.profile?.ownerEmail.trim() ?? "";
    if (!isKind(row.kind)) {
      await forwardingEmails.claim(row.eventId, now, true);
      continue;
    }
    if (to === "") {
      if (business?.profile || now.getTime() - row.createdAt.getTime() > UNKNOWN_OWNER_GIVE_UP_MS) await forwardingEmails.claim(row.eventId, now, true);
      continue;
    }
    if (!(await forwardingEmails.claim(row.eventId, now))) continue;
    const email = forwardingEmail({
      kind: row.kind,
      businessName: business?.profile?.businessName ?? "",
      cause: row.cause,
      silentSince: row.silentSince,
      lastForwardedCallAt: row.lastForwardedCallAt,
      expectedCallsPerDay: row.expectedCallsPerDay,
      timeZone: row.timeZone || "America/New_York",
      dedicatedNumber: row.dedicatedNumber,
      testUrl: deps.settings.testUrl(),
      now,
    });
    try {
      await mailer.send({ to, ...email });
      sent++;
    } catch (error) {
      logger.warn({ err: error, businessId: row.businessId, kind: row.kind }, "forwarding e-mail failed; will retry");
      await forwardingEmails.release(row.eventId);
    }
  }
  return sent;
}
