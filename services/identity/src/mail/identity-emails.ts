import type { MailMessage } from "@rebound/providers/mail";
import { renderHtml, renderText, type EmailContent } from "./email-layout";

function message(to: string, subject: string, content: EmailContent): MailMessage {
  return { to, subject, text: renderText(content), html: renderHtml(subject, content) };
}

const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : "Hi,");

export function verificationEmail(to: string, firstName: string | null, link: string): MailMessage {
  return message(to, "Verify your email for Rebound", {
    preheader: "Confirm your email address to finish setting up Rebound.",
    greeting: greeting(firstName),
    paragraphs: [
      "Thanks for signing up for Rebound. Please confirm that this is your email address so we can keep your account secure and send you important updates about your missed-call text-back service.",
    ],
    button: { label: "Verify email address", url: link },
    footnote: "This link is valid for 24 hours. If you did not create a Rebound account, you can ignore this email.",
  });
}

export function passwordResetEmail(to: string, firstName: string | null, link: string): MailMessage {
  return message(to, "Reset your Rebound password", {
    preheader: "Use this link within 1 hour to choose a new password.",
    greeting: greeting(firstName),
    paragraphs: ["We received a request to reset the password of your Rebound account. Click the button below to choose a new one."],
    button: { label: "Reset password", url: link },
    footnote:
      "This link is valid for 1 hour and can be used once. If you did not ask for a password reset, you can ignore this email: your password stays the same.",
  });
}

/** To the new address of a requested e-mail change: the account moves to it only when this link is followed. */
export function emailChangeVerificationEmail(to: string, firstName: string | null, currentEmail: string, link: string): MailMessage {
  return message(to, "Confirm your new email for Rebound", {
    preheader: "Confirm this address to use it for your Rebound account.",
    greeting: greeting(firstName),
    paragraphs: [
      `You asked to use this address for your Rebound account instead of ${currentEmail}. Your account keeps its current email until you confirm this one.`,
    ],
    button: { label: "Confirm new email address", url: link },
    footnote: "This link is valid for 24 hours. If you did not ask for this change, you can ignore this email: nothing changes.",
  });
}

/** To the current address when a change of e-mail is requested: the owner learns of a takeover attempt before it can happen. */
export function emailChangedNotice(to: string, firstName: string | null, newEmail: string, forgotPasswordLink: string): MailMessage {
  return message(to, "A change of your Rebound email address was requested", {
    preheader: `Someone asked to move your Rebound account to ${newEmail}.`,
    greeting: greeting(firstName),
    paragraphs: [
      `We received a request to change the email address of your Rebound account from ${to} to ${newEmail}. Your account keeps ${to} until the link we sent to ${newEmail} is followed.`,
      "If you made this request, there is nothing to do here. If you did not, reset your password now: this cancels the change. Then contact support: someone may have access to your account.",
    ],
    button: { label: "Reset password", url: forgotPasswordLink },
    footnote: "You receive this notice at your current address so that a change you did not make cannot go unnoticed.",
  });
}
