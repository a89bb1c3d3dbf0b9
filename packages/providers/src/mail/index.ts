// The mailer interface services send through, and its adapters for composition roots: SMTP
// (nodemailer) or the dev mailbox folder.
export * from "./mailer";
export * from "./mail-config";
export * from "./create-mailer";
export * from "./mailbox-mailer";
export * from "./smtp-mailer";
