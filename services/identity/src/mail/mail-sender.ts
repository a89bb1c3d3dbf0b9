import type { Logger } from "@rebound/platform";
import type { MailMessage, Mailer } from "@rebound/providers/mail";

/**
 * Sends e-mail after the response, so a slow or failing mail server neither delays
 * nor fails sign-up, and forgot-password answers in the same time whether or not the
 * account exists. Failures are logged; drain() waits for sends in flight at shutdown.
 */
export class MailSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  sendInBackground(message: MailMessage): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.logger.error({ err: error, subject: message.subject }, "e-mail not sent"))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
