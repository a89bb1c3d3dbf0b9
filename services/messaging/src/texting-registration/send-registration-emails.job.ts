// The owner's texting registration e-mails (approved, failed, reply YES), from registration_emails.
// Each row is claimed before it is sent and released if the mailer fails: at most one e-mail per
// (registration, status) even with several replicas; a crash between the claim and the send loses
// that one e-mail rather than sending it twice.
import { registrationEmail, type RegistrationEmailStatus, REGISTRATION_EMAIL_STATUSES } from "../domain/registration-email";
import type { MessagingDeps } from "../messaging-deps";

const EMAILS_PER_RUN = 50;
/** A business whose profile (owner's e-mail) never arrived: dropped after this long. */
const UNKNOWN_OWNER_GIVE_UP_MS = 24 * 60 * 60 * 1000;

const isEmailStatus = (status: string): status is RegistrationEmailStatus => (REGISTRATION_EMAIL_STATUSES as readonly string[]).includes(status);

/** Sends the pending e-mails; returns how many went out. */
export async function sendRegistrationEmails(
  deps: Pick<MessagingDeps, "registrationEmails" | "readModel" | "mailer" | "clock" | "logger" | "settings">,
): Promise<number> {
  const { registrationEmails, readModel, mailer, clock, logger } = deps;
  let sent = 0;
  for (const row of await registrationEmails.pending(EMAILS_PER_RUN)) {
    const now = clock.now();
    const business = readModel.business(row.businessId);
    const to = business?.profile?.ownerEmail.trim() ?? "";
    if (!isEmailStatus(row.status)) {
      await registrationEmails.claim(row.registrationId, row.status, now, true);
      continue;
    }
    if (to === "") {
      // No profile yet (its event may trail): wait, then give up; a profile without an e-mail: drop.
      if (business?.profile || now.getTime() - row.createdAt.getTime() > UNKNOWN_OWNER_GIVE_UP_MS) {
        await registrationEmails.claim(row.registrationId, row.status, now, true);
      }
      continue;
    }
    if (!(await registrationEmails.claim(row.registrationId, row.status, now))) continue;
    const email = registrationEmail({
      status: row.status,
      businessName: business?.profile?.businessName ?? "",
      failureReason: row.failureReason,
      setupUrl: deps.settings.setupUrl(),
    });
    try {
      await mailer.send({ to, ...email });
      sent++;
    } catch (error) {
      logger.warn({ err: error, businessId: row.businessId, status: row.status }, "texting registration e-mail failed; will retry");
      await registrationEmails.release(row.registrationId, row.status);
    }
  }
  return sent;
}
