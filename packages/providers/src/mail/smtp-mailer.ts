import { createTransport, type Transporter } from "nodemailer";
import type { MailMessage, Mailer } from "./mailer";

/** Real e-mail through an SMTP server (pooled connections, so bursts reuse sockets). */
export class SmtpMailer implements Mailer {
  readonly kind = "smtp" as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    url.searchParams.set("pool", "true");
    this.transport = createTransport(url.toString());
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
