import { join, resolve } from "node:path";
import type { MailConfig } from "./mail-config";
import type { Mailer } from "./mailer";
import { MailboxMailer } from "./mailbox-mailer";
import { SmtpMailer } from "./smtp-mailer";

/** SMTP when SMTP_URL is set, else the dev mailbox in DATA_DIR/mailbox. */
export function createMailer(config: MailConfig): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return new MailboxMailer(join(resolve(config.DATA_DIR), "mailbox"), config.MAIL_FROM);
}
