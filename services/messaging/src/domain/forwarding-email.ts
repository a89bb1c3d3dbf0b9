// The owner's forwarding watchdog e-mails (telephony's ForwardingStatusChanged with notify_owner,
// docs/forwarding-watchdog.md): "check needed" (with the dial codes to turn forwarding back on and the
// Test screen) and the all-clear when calls come again. Pure: facts and links in, the e-mail out.
import type { RenderedEmail } from "./owner-alert-email";
import { escapeHtml } from "./escape-html";

export const FORWARDING_EMAIL_KINDS = ["check_needed", "resumed"] as const;
export type ForwardingEmailKind = (typeof FORWARDING_EMAIL_KINDS)[number];

export interface ForwardingEmailInput {
  kind: ForwardingEmailKind;
  businessName: string;
  /** silence | self_test_failed | forwarded_call | test_passed */
  cause: string;
  /** The last forwarded call or passing test (what the silence is counted from); null: none. */
  silentSince: Date | null;
  lastForwardedCallAt: Date | null;
  expectedCallsPerDay: number | null;
  /** The business's IANA zone: local times in the owner's words. */
  timeZone: string;
  /** E.164 of the dedicated number the codes forward to. */
  dedicatedNumber: string;
  /** The dashboard's Test screen. */
  testUrl: string;
  /** When the e-mail is written (for "Tuesday 2:10 PM" vs a date further back). */
  now: Date;
}

/** The codes of the installation guide (docs/product.md section 9) that turn conditional forwarding on. */
export function forwardingCodes(dedicatedNumber: string): { label: string; code: string }[] {
  const digits = dedicatedNumber.replace(/\D/g, "");
  const national = digits.replace(/^1(?=\d{10}$)/, "");
  return [
    { label: "Mobile phones (GSM: AT&T, T-Mobile and most carriers)", code: `**004*${digits}#` },
    { label: "US landlines", code: `*92${national}` },
    { label: "Canada (mobile and landline)", code: `*004*${digits}#` },
  ];
}

const WEEK_MS = 6 * 24 * 60 * 60 * 1000;

/** "Tuesday 2:10 PM" within the last six days, else "Tuesday, November 3, 2:10 PM", in the business's zone. */
export function localMoment(at: Date, timeZone: string, now: Date): string {
  const recent = now.getTime() - at.getTime() < WEEK_MS;
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long" }).format(at);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
  if (recent) return `${weekday} ${time}`;
  const date = new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric" }).format(at);
  return `${weekday}, ${date}, ${time}`;
}

const FOOTER = "You get this e-mail because forwarding alerts are on for your business. Turn them off in Settings, under Forwarding alerts.";

function checkNeededParagraphs(input: ForwardingEmailInput): string[] {
  const usual = input.expectedCallsPerDay !== null ? `; you usually get about ${formatRate(input.expectedCallsPerDay)} a day` : "";
  const silence =
    input.cause === "self_test_failed"
      ? "Your weekly forwarding self-test just called your business phone and the call was not forwarded to your Rebound number."
      : input.lastForwardedCallAt
        ? `We haven't received a forwarded call since ${localMoment(input.lastForwardedCallAt, input.timeZone, input.now)}${usual}.`
        : input.silentSince
          ? `We haven't received a forwarded call since your successful test on ${localMoment(input.silentSince, input.timeZone, input.now)}${usual}.`
          : `We haven't received a forwarded call lately${usual}.`;
  return [
    silence,
    "Carriers sometimes drop call forwarding when a plan or SIM changes, after a phone reset, or when someone turned it off for a day. While it is off, missed callers reach your voicemail and are not texted back.",
    "To turn forwarding back on, dial from your business phone:",
  ];
}

function formatRate(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export function forwardingEmail(input: ForwardingEmailInput): RenderedEmail {
  const name = input.businessName.trim() || "your business";
  if (input.kind === "resumed") {
    const how = input.cause === "test_passed" ? "A forwarding test just passed" : "A forwarded call just reached your Rebound number";
    const paragraphs = [`${how}: call forwarding for ${name} works again.`, "Nothing else to do. Rebound texts back your missed callers as before."];
    return render(`Rebound: call forwarding works again`, paragraphs, [], { label: "See the status", url: input.testUrl });
  }
  const codes = forwardingCodes(input.dedicatedNumber).map(({ label, code }) => `${label}: ${code}`);
  return render(
    `Rebound: check the call forwarding of ${name}`,
    checkNeededParagraphs(input),
    [...codes, "Then run a forwarding test to make sure calls reach Rebound."],
    { label: "Test call forwarding", url: input.testUrl },
  );
}

function render(subject: string, paragraphs: string[], list: string[], link: { label: string; url: string }): RenderedEmail {
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...list.map((item) => `- ${item}`),
    ...(list.length ? [""] : []),
    `${link.label}: ${link.url}`,
    "",
    FOOTER,
  ].join("\n");
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">` +
    `<h2 style="margin:0 0 12px">Rebound</h2>` +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("") +
    (list.length ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : "") +
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` +
    `<p style="color:#888;font-size:12px">${escapeHtml(FOOTER)}</p></div>`;
  return { subject, text, html };
}
