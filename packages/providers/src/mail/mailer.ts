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

/** A message the dev mailbox kept, as the dev mailbox page lists it. */
export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** The embedded mailer's read side: what `GET /dev/mailbox` shows. */
export interface DevMailbox {
  list(): Promise<StoredMail[]>;
  read(id: string): Promise<StoredMail | undefined>;
}

export function isDevMailbox(mailer: Mailer): mailer is Mailer & DevMailbox {
  return mailer.kind === "mailbox" && "list" in mailer && "read" in mailer;
}
