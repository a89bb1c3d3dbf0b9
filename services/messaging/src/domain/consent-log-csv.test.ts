import type { ConsentLogEntry } from "./consent-log";
import { consentActionOf } from "./consent-log";
import { consentLogCsv, csvField, neutraliseFormula } from "./consent-log-csv";

const entry = (overrides: Partial<ConsentLogEntry> = {}): ConsentLogEntry => ({
  id: "00000000-0000-4000-8000-000000000001",
  businessId: "biz-1",
  callerNumber: "+15551230001",
  action: "opted_out",
  method: "phrase",
  matched: "stop texting me",
  callerMessage: "please stop texting me",
  confirmationText: "Acme: You are unsubscribed.",
  messageSid: "SM1",
  occurredAt: new Date("2026-01-05T15:00:00.000Z"),
  ...overrides,
});

describe("consent log CSV", () => {
  it("writes a header row and one CRLF line per entry, oldest first as given", () => {
    const csv = consentLogCsv([entry(), entry({ action: "opted_in", method: "keyword", matched: "START", callerMessage: "START", messageSid: "SM2" })]);
    expect(csv.split("\r\n")).toEqual([
      "occurred_at_utc,caller_number,action,method,matched,caller_message,confirmation_text,message_sid",
      "2026-01-05T15:00:00.000Z,+15551230001,opted_out,phrase,stop texting me,please stop texting me,Acme: You are unsubscribed.,SM1",
      "2026-01-05T15:00:00.000Z,+15551230001,opted_in,keyword,START,START,Acme: You are unsubscribed.,SM2",
      "",
    ]);
  });

  it("writes only the header when there is nothing to export", () => {
    expect(consentLogCsv([])).toBe("occurred_at_utc,caller_number,action,method,matched,caller_message,confirmation_text,message_sid\r\n");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvField('say "stop", ok')).toBe('"say ""stop"", ok"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("plain")).toBe("plain");
    const csv = consentLogCsv([entry({ callerMessage: 'stop, "now"\r\nplease' })]);
    expect(csv).toContain(',"stop, ""now""\r\nplease",');
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\t=1"])("neutralises the formula %j in a caller's message", (message) => {
    expect(neutraliseFormula(message)).toBe(`'${message}`);
    expect(consentLogCsv([entry({ callerMessage: message })])).toContain(`'${message.replace(/"/g, '""')}`);
  });

  it("leaves ordinary text and the caller's phone number alone", () => {
    expect(neutraliseFormula("stop texting me")).toBe("stop texting me");
    const line = consentLogCsv([entry({ method: "carrier", matched: "21610", callerMessage: "", confirmationText: "", messageSid: "" })]).split("\r\n")[1];
    expect(line).toBe("2026-01-05T15:00:00.000Z,+15551230001,opted_out,carrier,21610,,,");
  });

  it("maps opt-outs and opt-ins to their actions, and nothing else", () => {
    expect(consentActionOf("opt_out")).toBe("opted_out");
    expect(consentActionOf("opt_in")).toBe("opted_in");
    expect(consentActionOf("help")).toBeUndefined();
    expect(consentActionOf("other")).toBeUndefined();
  });
});
