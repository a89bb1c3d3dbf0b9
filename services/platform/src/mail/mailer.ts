export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** E-mail: SMTP through nodemailer when SMTP_URL is set, else files in DATA_DIR/mailbox (dev mailbox). */
export interface Mailer {
  readonly kind: "smtp" | "mailbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
