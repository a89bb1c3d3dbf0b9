import type { MailMessage, Mailer } from "@rebound/providers/mail";

export class FakeMailer implements Mailer {
  readonly kind = "mailbox" as const;
  readonly sent: MailMessage[] = [];
  failures = 0;

  async send(message: MailMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error("smtp down");
    }
    this.sent.push(message);
  }

  async close(): Promise<void> {}
}
