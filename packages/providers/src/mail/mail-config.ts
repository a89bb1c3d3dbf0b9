import { z } from "zod";

/** Mail settings; an unset SMTP_URL selects the dev mailbox (files under DATA_DIR/mailbox). */
export const mailConfigSchema = z.object({
  /** e.g. smtp://user:pass@mail.example.com:587 or smtps://...; unset = dev mailbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("Rebound <no-reply@rebound.local>"),
  DATA_DIR: z.string().default("./data"),
});

export type MailConfig = z.infer<typeof mailConfigSchema>;
