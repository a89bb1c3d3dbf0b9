import type { MailMessage } from "@rebound/providers/mail";
import type { BillingDeps } from "../billing-deps";

/** Sends an e-mail; a mail outage is logged, never fails the billing step that triggered it. */
export async function sendMail(deps: Pick<BillingDeps, "mailer" | "logger">, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.error({ err: error, subject: message.subject }, "billing e-mail not sent");
  }
}
