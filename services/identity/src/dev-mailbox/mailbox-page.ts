import type { StoredMail } from "@rebound/providers/mail";
import { escapeHtml } from "../mail/email-layout";

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:960px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}a{color:#2563eb}pre{white-space:pre-wrap;background:#f9fafb;padding:1rem}iframe{width:100%;height:640px;border:1px solid #e5e7eb}";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Links in the text part, so a person can click through without opening the message. */
function links(mail: StoredMail): string[] {
  return [...new Set(mail.text.match(URL_IN_TEXT) ?? [])];
}

const linkList = (mail: StoredMail) =>
  links(mail)
    .map((url) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
    .join("<br>");

export function mailboxListPage(mails: StoredMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.sentAt)}</td><td>${escapeHtml(mail.to)}</td><td><a href="/dev/mailbox/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a></td><td>${linkList(mail)}</td></tr>`,
    )
    .join("");
  const table = mails.length
    ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Links</th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p>No messages yet. Sign up or ask for a password reset, then reload this page.</p>";
  return page("Rebound dev mailbox", `<h1>Rebound dev mailbox</h1><p>E-mails Rebound would have sent. Newest first.</p>${table}`);
}

/** One message: its HTML in a sandboxed frame (no scripts), its links and its text part. */
export function mailboxMessagePage(mail: StoredMail): string {
  return page(
    mail.subject,
    `<p><a href="/dev/mailbox">&larr; All messages</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
      `<p>From ${escapeHtml(mail.from)} to ${escapeHtml(mail.to)}, ${escapeHtml(mail.sentAt)}</p>` +
      `<p>${linkList(mail)}</p><iframe sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(mail.html)}"></iframe>` +
      `<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  );
}
