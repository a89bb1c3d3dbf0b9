import type { MailMessage } from "@rebound/providers/mail";

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (at: Date) => at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function message(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), "", "The Rebound team"].join("\n\n");
  const html =
    `<h2 style="margin:0 0 12px">Rebound</h2>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("") +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "") +
    `<p>The Rebound team</p>`;
  return { to, subject, text, html };
}

export interface ReceiptInput {
  to: string;
  name: string;
  invoiceNumber: string;
  amountCents: number;
  paidAt: Date;
  pdfUrl: string;
  trialFee: boolean;
}

/** Receipt for a paid invoice; the first one of a sign-up is the $1 trial fee. */
export function receiptEmail(input: ReceiptInput): MailMessage {
  const what = input.trialFee ? "your trial fee" : "your subscription";
  return message(
    input.to,
    input.trialFee ? `Receipt for your Rebound trial (${usd(input.amountCents)})` : `Receipt for your Rebound payment (${usd(input.amountCents)})`,
    [
      `Hi ${input.name || "there"},`,
      `We received ${usd(input.amountCents)} for ${what} on ${day(input.paidAt)} (invoice ${input.invoiceNumber}).`,
      ...(input.trialFee ? ["Your trial runs for 14 days with full access. After it, your plan is billed automatically unless you cancel."] : []),
    ],
    { href: input.pdfUrl, label: "Download your invoice" },
  );
}

export function trialEndingEmail(to: string, name: string, trialEnd: Date, planLabel: string, amountCents: number, billingUrl: string): MailMessage {
  return message(
    to,
    "Your Rebound trial ends in 3 days",
    [
      `Hi ${name || "there"},`,
      `Your trial ends on ${day(trialEnd)}. Then your ${planLabel} plan starts and ${usd(amountCents)} is charged to your card on file.`,
      "Nothing to do if you want to keep going. To change plans or cancel, visit Billing & Plans.",
    ],
    { href: billingUrl, label: "Manage your subscription" },
  );
}

export function paymentFailedEmail(to: string, name: string, amountCents: number, nextAttempt: string, billingUrl: string): MailMessage {
  return message(
    to,
    "Action needed: your Rebound payment failed",
    [
      `Hi ${name || "there"},`,
      `We could not charge ${usd(amountCents)} to your card. ${nextAttempt}`,
      "What to do: update your card on the Billing & Plans page (or ask your bank why the charge was refused). We retry automatically, and your missed-call texts keep going meanwhile; if every retry fails, texting pauses until the payment goes through.",
    ],
    { href: billingUrl, label: "Update your payment method" },
  );
}

export function cancelledEmail(to: string, name: string, periodEnd: Date, billingUrl: string): MailMessage {
  return message(
    to,
    "Your Rebound subscription is cancelled",
    [
      `Hi ${name || "there"},`,
      `Your subscription is cancelled and will not renew. You keep full access, and your missed-call texts keep going, until ${day(periodEnd)}.`,
      "Changed your mind? Reactivate any time before then from Billing & Plans.",
    ],
    { href: billingUrl, label: "Reactivate your subscription" },
  );
}

export function reactivatedEmail(to: string, name: string, periodEnd: Date, billingUrl: string): MailMessage {
  return message(
    to,
    "Your Rebound subscription is reactivated",
    [`Hi ${name || "there"},`, `Welcome back: your subscription continues and renews on ${day(periodEnd)}. Nothing else changes.`],
    { href: billingUrl, label: "See your subscription" },
  );
}
