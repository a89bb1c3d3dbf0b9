// The owner's alert e-mail: the missed calls Rebound texted back since the last one, and first the
// ones it could not text (no subscription; US texting waiting for approval) or whose text the carrier
// did not deliver for a reason the owner can fix (30034: the texting registration), then what callers
// replied and the voicemails they left (with the transcript and a link to the thread).
import { describeDeliveryError, isWithheldCallerId, WITHHELD_CALLER_LABEL } from "@rebound/contracts/domain";
import { callerWords, messageWords, type CallerMessage } from "./caller-message-words";
import { escapeHtml } from "./escape-html";

/** A withheld caller id reads "Caller ID withheld", never as a made-up number (+266696687). */
function who(callerNumber: string): string {
  return isWithheldCallerId(callerNumber) ? WITHHELD_CALLER_LABEL : callerNumber;
}

export interface TextedCall {
  callerNumber: string;
  message: string;
  textedAt: Date;
}

/**
 * The reasons of calls not texted that the owner should act on, in the order the e-mail lists them: fix
 * the account (a plan, the texting registration), or call the caller back (too_late: the call reached
 * us after an outage, too late for a text).
 */
export const OWNER_FIXABLE_REASONS = ["no_subscription", "registration_pending", "too_late"] as const;
export type OwnerFixableReason = (typeof OWNER_FIXABLE_REASONS)[number];

/** A missed call Rebound did not text back for a reason the owner can fix. */
export interface NotTextedCall {
  callerNumber: string;
  calledAt: Date;
  /** Absent: no_subscription (rows written before the reason was read). */
  reason?: OwnerFixableReason;
}

/** A text the carrier did not deliver for a reason the owner can fix (its error code, e.g. 30034). */
export interface NotDeliveredText {
  callerNumber: string;
  at: Date;
  errorCode: string;
}

/** A caller's reply or voicemail, with the link to its thread in the inbox. */
export interface CallerMessageAlert extends CallerMessage {
  threadUrl: string;
}

/** The caller's words in the e-mail: long enough for a real voicemail transcript. */
const EMAIL_EXCERPT_LENGTH = 1_000;

export interface OwnerAlertInput {
  businessName: string;
  timeZone: string;
  calls: TextedCall[];
  /** Missed calls not texted: no subscription in good standing, or US texting waiting for approval. */
  notTexted?: NotTextedCall[];
  /** Texts the carrier did not deliver because of the business's texting registration (30034). */
  notDelivered?: NotDeliveredText[];
  /** Callers' replies and voicemails since the last e-mail. */
  callerMessages?: CallerMessageAlert[];
  /** Where the owner sees all calls and texts. */
  dashboardUrl: string;
  /** Where the owner chooses a plan (Billing & Plans). */
  plansUrl?: string;
  /** Where the owner finishes the texting registration (Setup → Texting registration). */
  setupUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(at);
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function subjectOf(texted: TextedCall[], notTexted: NotTextedCall[], notDelivered: NotDeliveredText[], messages: CallerMessageAlert[]): string {
  if (notTexted.length > 0) {
    return notTexted.length === 1
      ? `Rebound: missed call from ${who(notTexted[0]?.callerNumber ?? "")} not texted back`
      : `Rebound: ${notTexted.length} missed calls not texted back`;
  }
  if (notDelivered.length > 0) {
    return notDelivered.length === 1
      ? `Rebound: text to ${who(notDelivered[0]?.callerNumber ?? "")} not delivered`
      : `Rebound: ${notDelivered.length} texts not delivered`;
  }
  const [only] = messages;
  if (only && messages.length === 1) {
    return only.kind === "voicemail" ? `Rebound: voicemail from ${callerWords(only)}` : `Rebound: ${callerWords(only)} replied to your text`;
  }
  if (messages.length > 1) return `Rebound: ${messages.length} new messages from callers`;
  return texted.length === 1
    ? `Rebound: missed call from ${who(texted[0]?.callerNumber ?? "")} texted back`
    : `Rebound: ${texted.length} missed calls texted back`;
}

/** The words of a delivery error code for the owner (contracts' describeDeliveryError), else the code. */
export function deliveryErrorWords(code: string): string {
  const described = describeDeliveryError(code);
  if (!described) return `Error ${code}`;
  return described.action ? `${described.words}. ${described.action}` : `${described.words}.`;
}

interface Section {
  intro: string;
  rows: { callerNumber: string; at: Date; detail?: string }[];
  fix: { label: string; url: string };
}

/**
 * The owner's alert: first the calls not texted for want of a subscription (with the way to choose a
 * plan), then those waiting for texting approval and the texts the carrier blocked for the same reason
 * (with the way to finish the registration), then the calls Rebound texted back.
 */
export function ownerAlertEmail(input: OwnerAlertInput): RenderedEmail {
  const texted = input.calls;
  const notTexted = input.notTexted ?? [];
  const notDelivered = input.notDelivered ?? [];
  const messages = input.callerMessages ?? [];
  const name = input.businessName.trim() || "your business";
  const plansUrl = input.plansUrl ?? input.dashboardUrl;
  const setupUrl = input.setupUrl ?? input.dashboardUrl;
  const noPlan = notTexted.filter((call) => (call.reason ?? "no_subscription") === "no_subscription");
  const pending = notTexted.filter((call) => call.reason === "registration_pending");
  const late = notTexted.filter((call) => call.reason === "too_late");
  const textedIntro =
    texted.length === 1 ? `Rebound texted back a caller who missed ${name}.` : `Rebound texted back ${texted.length} callers who missed ${name}.`;
  const callers = (count: number) => `${plural(count, "A caller", `${count} callers`)} who missed ${name} ${plural(count, "was", "were")}`;
  const finishRegistration = { label: "Finish your texting registration in Setup → Texting registration", url: setupUrl };

  const sections: Section[] = [];
  if (noPlan.length > 0) {
    sections.push({
      intro: `${callers(noPlan.length)} not texted back: your Rebound account has no active subscription.`,
      rows: noPlan.map((call) => ({ callerNumber: call.callerNumber, at: call.calledAt })),
      fix: { label: "Choose a plan to start texting your callers back", url: plansUrl },
    });
  }
  if (pending.length > 0) {
    sections.push({
      intro: `${callers(pending.length)} not texted back, waiting for texting approval: US carriers only deliver texts from registered numbers.`,
      rows: pending.map((call) => ({ callerNumber: call.callerNumber, at: call.calledAt })),
      fix: finishRegistration,
    });
  }
  if (late.length > 0) {
    sections.push({
      intro: `${callers(late.length)} not texted back: a service interruption delayed ${plural(late.length, "the call", "their calls")} past the time a text would still help. Please call them back.`,
      rows: late.map((call) => ({ callerNumber: call.callerNumber, at: call.calledAt })),
      fix: { label: "See every call", url: input.dashboardUrl },
    });
  }
  if (notDelivered.length > 0) {
    sections.push({
      intro:
        notDelivered.length === 1
          ? "A text to a caller was not delivered: your texting registration needs attention."
          : `${notDelivered.length} texts to callers were not delivered: your texting registration needs attention.`,
      rows: notDelivered.map((text) => ({ callerNumber: text.callerNumber, at: text.at, detail: deliveryErrorWords(text.errorCode) })),
      fix: finishRegistration,
    });
  }

  const messagesIntro = messages.length === 1 ? `A caller answered ${name}:` : `Callers answered ${name} ${messages.length} times:`;
  const messageLine = (message: CallerMessageAlert) => messageWords(message, EMAIL_EXCERPT_LENGTH);

  const text = [
    ...sections.flatMap((section) => [
      section.intro,
      "",
      ...section.rows.map((row) => `- ${who(row.callerNumber)} at ${formatWhen(row.at, input.timeZone)}${row.detail ? `\n  ${row.detail}` : ""}`),
      "",
      `${section.fix.label}: ${section.fix.url}`,
      "",
    ]),
    ...(messages.length > 0
      ? [
          messagesIntro,
          "",
          ...messages.map(
            (message) => `- ${callerWords(message)} at ${formatWhen(message.at, input.timeZone)}\n  ${messageLine(message)}\n  Answer: ${message.threadUrl}`,
          ),
          "",
        ]
      : []),
    ...(texted.length > 0
      ? [textedIntro, "", ...texted.map((call) => `- ${who(call.callerNumber)} at ${formatWhen(call.textedAt, input.timeZone)}\n  Sent: "${call.message}"`), ""]
      : []),
    "Call them back while the lead is warm.",
    `See every call and text: ${input.dashboardUrl}`,
    "",
    "You get these alerts because owner alerts are on in your Rebound settings.",
  ].join("\n");

  const cell = (callerNumber: string, at: Date) =>
    `<td style="padding:6px 12px 6px 0"><strong>${escapeHtml(who(callerNumber))}</strong><br>` +
    `<span style="color:#666">${escapeHtml(formatWhen(at, input.timeZone))}</span></td>`;
  const textedRows = texted
    .map((call) => `<tr>${cell(call.callerNumber, call.textedAt)}<td style="padding:6px 0">${escapeHtml(call.message)}</td></tr>`)
    .join("");
  const sectionHtml = (section: Section) =>
    `<p><strong>${escapeHtml(section.intro)}</strong></p><table style="border-collapse:collapse">` +
    section.rows
      .map((row) => `<tr>${cell(row.callerNumber, row.at)}${row.detail ? `<td style="padding:6px 0">${escapeHtml(row.detail)}</td>` : ""}</tr>`)
      .join("") +
    `</table><p><a href="${escapeHtml(section.fix.url)}">${escapeHtml(section.fix.label)}</a></p>`;
  const messagesHtml =
    `<p><strong>${escapeHtml(messagesIntro)}</strong></p><table style="border-collapse:collapse">` +
    messages
      .map(
        (message) =>
          `<tr><td style="padding:6px 12px 6px 0;vertical-align:top"><strong>${escapeHtml(callerWords(message))}</strong><br>` +
          `<span style="color:#666">${escapeHtml(formatWhen(message.at, input.timeZone))}</span></td>` +
          `<td style="padding:6px 0">${escapeHtml(messageLine(message))}<br><a href="${escapeHtml(message.threadUrl)}">Answer in your inbox</a></td></tr>`,
      )
      .join("") +
    `</table>`;
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">` +
    `<h2 style="margin:0 0 12px">Rebound</h2>` +
    sections.map(sectionHtml).join("") +
    (messages.length > 0 ? messagesHtml : "") +
    (texted.length > 0 ? `<p>${escapeHtml(textedIntro)}</p><table style="border-collapse:collapse">${textedRows}</table>` : "") +
    `<p>Call them back while the lead is warm.</p>` +
    `<p><a href="${escapeHtml(input.dashboardUrl)}">See every call and text</a></p>` +
    `<p style="color:#888;font-size:12px">You get these alerts because owner alerts are on in your Rebound settings.</p></div>`;
  return { subject: subjectOf(texted, notTexted, notDelivered, messages), text, html };
}
