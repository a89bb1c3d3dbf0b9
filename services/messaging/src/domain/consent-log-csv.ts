// The owner's consent log as CSV (RFC 4180): CRLF lines, a field with a comma, quote or line
// break quoted with its quotes doubled. Callers write the messages, so a field that a
// spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe.
import type { ConsentLogEntry } from "./consent-log";

export const CONSENT_LOG_CSV_HEADER = [
  "occurred_at_utc",
  "caller_number",
  "action",
  "method",
  "matched",
  "caller_message",
  "confirmation_text",
  "message_sid",
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A caller number like +15551230001 is data, not a formula: left as is so it stays searchable. */
const PHONE_NUMBER = /^\+\d+$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function consentLogCsv(entries: readonly ConsentLogEntry[]): string {
  const rows = entries.map((entry) => [
    entry.occurredAt.toISOString(),
    PHONE_NUMBER.test(entry.callerNumber) ? entry.callerNumber : neutraliseFormula(entry.callerNumber),
    entry.action,
    entry.method,
    neutraliseFormula(entry.matched),
    neutraliseFormula(entry.callerMessage),
    neutraliseFormula(entry.confirmationText),
    neutraliseFormula(entry.messageSid),
  ]);
  return [CONSENT_LOG_CSV_HEADER, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
