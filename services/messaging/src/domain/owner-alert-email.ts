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

export interface OwnerAlertInput {
  businessName: string;
  timeZone: string;
  calls: TextedCall[];
  /** Where the owner sees all calls and texts. */
  dashboardUrl: string;
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

export function ownerAlertEmail(input: OwnerAlertInput): RenderedEmail {
  const count = input.calls.length;
  const name = input.businessName.trim() || "your business";
  const subject =
    count === 1
      ? `Rebound: missed call from ${who(input.calls[0]?.callerNumber ?? "")} texted back`
      : `Rebound: ${count} missed calls texted back`;
  const intro =
    count === 1
      ? `Rebound texted back a caller who missed ${name}.`
      : `Rebound texted back ${count} callers who missed ${name}.`;
  const lines = input.calls.map(
    (call) => `- ${who(call.callerNumber)} at ${formatWhen(call.textedAt, input.timeZone)}\n  Sent: "${call.message}"`,
  );
  const text = [
    intro,
    "",
    ...lines,
    "",
    "Call them back while the lead is warm.",
    `See every call and text: ${input.dashboardUrl}`,
    "",
    "You get these alerts because owner alerts are on in your Rebound settings.",
  ].join("\n");
  const rows = input.calls
    .map(
      (call) =>
        `<tr><td style="padding:6px 12px 6px 0"><strong>${escapeHtml(who(call.callerNumber))}</strong><br>` +
        `<span style="color:#666">${escapeHtml(formatWhen(call.textedAt, input.timeZone))}</span></td>` +
        `<td style="padding:6px 0">${escapeHtml(call.message)}</td></tr>`,
    )
    .join("");
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">` +
    `<h2 style="margin:0 0 12px">Rebound</h2><p>${escapeHtml(intro)}</p>` +
    `<table style="border-collapse:collapse">${rows}</table>` +
    `<p>Call them back while the lead is warm.</p>` +
    `<p><a href="${escapeHtml(input.dashboardUrl)}">See every call and text</a></p>` +
    `<p style="color:#888;font-size:12px">You get these alerts because owner alerts are on in your Rebound settings.</p></div>`;
  return { subject, text, html };
}
