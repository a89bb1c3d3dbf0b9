// The owner's alert e-mail: the missed calls Rebound texted back since the last one.
import { isWithheldCallerId, WITHHELD_CALLER_LABEL } from "@rebound/contracts/domain";

/** A withheld caller id reads "Caller ID withheld", never as a made-up number (+266696687). */
function who(callerNumber: string): string {
  return isWithheldCallerId(callerNumber) ? WITHHELD_CALLER_LABEL : callerNumber;
}

export interface TextedCall {
  callerNumber: string;
  message: string;
  textedAt: Date;
}

/** A missed call Rebound did not text back for a reason the owner can fix (today: no subscription). */
export interface NotTextedCall {
  callerNumber: string;
  calledAt: Date;
}

export interface OwnerAlertInput {
  businessName: string;
  timeZone: string;
  calls: TextedCall[];
  /** Missed calls not texted because the account has no subscription in good standing. */
  notTexted?: NotTextedCall[];
  /** Where the owner sees all calls and texts. */
  dashboardUrl: string;
  /** Where the owner chooses a plan (Billing & Plans). */
  plansUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(at);
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function subjectOf(texted: TextedCall[], notTexted: NotTextedCall[]): string {
  if (notTexted.length > 0) {
    return notTexted.length === 1
      ? `Rebound: missed call from ${who(notTexted[0]?.callerNumber ?? "")} not texted back`
      : `Rebound: ${notTexted.length} missed calls not texted back`;
  }
  return texted.length === 1
    ? `Rebound: missed call from ${who(texted[0]?.callerNumber ?? "")} texted back`
    : `Rebound: ${texted.length} missed calls texted back`;
}

/**
 * The owner's alert: the missed calls Rebound texted back since the last one, and first, when there
 * are any, the calls it could not text because the account has no subscription (with the way to fix it).
 */
export function ownerAlertEmail(input: OwnerAlertInput): RenderedEmail {
  const texted = input.calls;
  const notTexted = input.notTexted ?? [];
  const name = input.businessName.trim() || "your business";
  const plansUrl = input.plansUrl ?? input.dashboardUrl;
  const textedIntro =
    texted.length === 1 ? `Rebound texted back a caller who missed ${name}.` : `Rebound texted back ${texted.length} callers who missed ${name}.`;
  const notTextedIntro = `${plural(notTexted.length, "A caller", `${notTexted.length} callers`)} who missed ${name} ${plural(notTexted.length, "was", "were")} not texted back: your Rebound account has no active subscription.`;
  const choosePlan = `Choose a plan to start texting your callers back: ${plansUrl}`;

  const text = [
    ...(notTexted.length > 0
      ? [notTextedIntro, "", ...notTexted.map((call) => `- ${who(call.callerNumber)} at ${formatWhen(call.calledAt, input.timeZone)}`), "", choosePlan, ""]
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
  const notTextedRows = notTexted.map((call) => `<tr>${cell(call.callerNumber, call.calledAt)}</tr>`).join("");
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">` +
    `<h2 style="margin:0 0 12px">Rebound</h2>` +
    (notTexted.length > 0
      ? `<p><strong>${escapeHtml(notTextedIntro)}</strong></p><table style="border-collapse:collapse">${notTextedRows}</table>` +
        `<p><a href="${escapeHtml(plansUrl)}">Choose a plan to start texting your callers back</a></p>`
      : "") +
    (texted.length > 0 ? `<p>${escapeHtml(textedIntro)}</p><table style="border-collapse:collapse">${textedRows}</table>` : "") +
    `<p>Call them back while the lead is warm.</p>` +
    `<p><a href="${escapeHtml(input.dashboardUrl)}">See every call and text</a></p>` +
    `<p style="color:#888;font-size:12px">You get these alerts because owner alerts are on in your Rebound settings.</p></div>`;
  return { subject: subjectOf(texted, notTexted), text, html };
}
