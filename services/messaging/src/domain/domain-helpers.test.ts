import { classifyInbound } from "./inbound-keyword";
import { advancesAcceptedSms, canMove, fromProviderStatus, isTerminal, statusesBefore } from "./sms-status";
import { usageMonth } from "./usage-month";
import { callerIdKindOf } from "./event-enums";
import { telephonyV1 } from "@rebound/contracts";
import { isRetryable, mayHaveReachedProvider } from "./send-retry";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { messageTwiml } from "./twiml";
import { ownerAlertEmail } from "./owner-alert-email";
import { smsStatusCallbackCarriesNews } from "@rebound/contracts/domain";

// The table of messages is in @rebound/contracts (inbound-sms-intent.test.ts); these check messaging reads with it.
describe("classifyInbound", () => {
  it.each(["STOP", " stop ", "STOP!", "StopAll", "UNSUBSCRIBE", "cancel", "END", "quit\n", "OPT-OUT", "REVOKE"])("reads %j as an opt-out keyword", (body) => {
    expect(classifyInbound(body)).toMatchObject({ kind: "opt_out", method: "keyword" });
  });
  it.each(["stop please", "please stop texting me"])("reads %j as an opt-out phrase", (body) => {
    expect(classifyInbound(body)).toMatchObject({ kind: "opt_out", method: "phrase" });
  });
  it.each(["START", "yes", "Unstop"])("reads %j as an opt-in", (body) => expect(classifyInbound(body).kind).toBe("opt_in"));
  it.each(["HELP", "info"])("reads %j as help", (body) => expect(classifyInbound(body).kind).toBe("help"));
  it.each(["", "when do you open?", "please stop by tomorrow"])("reads %j as another message", (body) => {
    expect(classifyInbound(body)).toEqual({ kind: "other", matched: "" });
  });
});

describe("sms status", () => {
  it("only moves forward and never leaves a terminal status", () => {
    expect(canMove("queued", "sent")).toBe(true);
    expect(canMove("sent", "delivered")).toBe(true);
    expect(canMove("delivered", "sent")).toBe(false);
    expect(canMove("delivered", "failed")).toBe(false);
    expect(canMove("failed", "delivered")).toBe(false);
    expect(isTerminal("undelivered")).toBe(true);
    expect(statusesBefore("delivered")).toEqual(["queued", "sending", "sent"]);
    expect(statusesBefore("queued")).toEqual([]);
    expect(["queued", "sending", "sent"].filter((s) => advancesAcceptedSms(s as never))).toEqual([]);
    expect(["delivered", "undelivered", "failed"].every((s) => advancesAcceptedSms(s as never))).toBe(true);
  });

  it("maps the provider's statuses and ignores the ones that say nothing about delivery", () => {
    expect(fromProviderStatus("accepted")).toBe("queued");
    expect(fromProviderStatus("Delivered")).toBe("delivered");
    expect(fromProviderStatus("read")).toBe("delivered");
    expect(fromProviderStatus("canceled")).toBe("failed");
    expect(fromProviderStatus("receiving")).toBeUndefined();
  });

  // Twilio's MessageStatus values (Message resource "Message Status values"): the gateway answers a callback
  // itself unless it carries news, so what it forwards must be exactly what this service would act on.
  it.each([
    "accepted",
    "scheduled",
    "canceled",
    "queued",
    "sending",
    "sent",
    "failed",
    "delivered",
    "undelivered",
    "receiving",
    "received",
    "read",
    "partially_delivered",
    " Delivered ",
  ])("agrees with the gateway's rule on a %j callback", (messageStatus) => {
    const status = fromProviderStatus(messageStatus);
    expect(smsStatusCallbackCarriesNews(messageStatus)).toBe(status !== undefined && advancesAcceptedSms(status));
  });
});

describe("callerIdKindOf", () => {
  it("reads telephony's classification off CallMissed, and nothing from an event that predates it", () => {
    expect(callerIdKindOf(telephonyV1.CallerIdKind.US_CANADA)).toBe("nanp");
    expect(callerIdKindOf(telephonyV1.CallerIdKind.INTERNATIONAL)).toBe("international");
    expect(callerIdKindOf(telephonyV1.CallerIdKind.WITHHELD)).toBe("withheld");
    expect(callerIdKindOf(telephonyV1.CallerIdKind.UNSPECIFIED)).toBeUndefined();
  });
});

describe("usageMonth", () => {
  it("counts in the calendar month of the business's time zone", () => {
    const newYearUtc = new Date("2026-01-01T03:00:00Z");
    expect(usageMonth("America/New_York", newYearUtc)).toBe("2025-12");
    expect(usageMonth("Asia/Tokyo", newYearUtc)).toBe("2026-01");
    expect(usageMonth("Australia/Sydney", new Date("2026-01-31T14:00:00Z"))).toBe("2026-02");
  });

  it("given answers remembered by the second, when calls cross the local midnight of the 1st, then the month turns on the millisecond", () => {
    expect(usageMonth("America/New_York", new Date("2026-03-01T04:59:00.000Z"))).toBe("2026-02");
    expect(usageMonth("America/New_York", new Date("2026-03-01T04:59:59.999Z"))).toBe("2026-02");
    expect(usageMonth("America/New_York", new Date("2026-03-01T05:00:00.000Z"))).toBe("2026-03");
    expect(usageMonth("Asia/Kolkata", new Date("2026-02-28T18:29:59.999Z"))).toBe("2026-02");
    expect(usageMonth("Asia/Kolkata", new Date("2026-02-28T18:30:00.000Z"))).toBe("2026-03");
    expect(() => usageMonth("Mars/Olympus_Mons", new Date())).toThrow(RangeError);
  });
});

describe("send retry", () => {
  it("retries transient failures and never the carrier's opt-out", () => {
    const optedOut = new TelephonyProviderError("unsubscribed", { httpStatus: 400, code: "21610", retryable: true });
    const busy = new TelephonyProviderError("slow down", { httpStatus: 429, retryable: true });
    const invalid = new TelephonyProviderError("bad number", { httpStatus: 400, code: "21211", retryable: false });
    expect(isRetryable({ type: "provider", error: optedOut })).toBe(false);
    expect(isRetryable({ type: "provider", error: busy })).toBe(true);
    expect(isRetryable({ type: "provider", error: invalid })).toBe(false);
    expect(isRetryable({ type: "unknown", message: "timeout" })).toBe(true);
  });

  it("checks with the provider before retrying only when the send may have gone through", () => {
    const rejected = new TelephonyProviderError("slow down", { httpStatus: 429, retryable: true });
    const serverError = new TelephonyProviderError("oops", { httpStatus: 503, retryable: true });
    expect(mayHaveReachedProvider({ type: "provider", error: rejected })).toBe(false);
    expect(mayHaveReachedProvider({ type: "provider", error: serverError })).toBe(true);
    expect(mayHaveReachedProvider({ type: "unknown", message: "timeout" })).toBe(true);
  });
});

describe("replies and e-mails", () => {
  it("escapes TwiML", () => {
    expect(messageTwiml("Tom & Jerry <3")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>Tom &amp; Jerry &lt;3</Message></Response>');
  });

  it("writes the owner alert in the business's time zone, escaping HTML", () => {
    const email = ownerAlertEmail({
      businessName: "A&B <Repairs>",
      timeZone: "America/Chicago",
      calls: [{ callerNumber: "+15551230001", message: "Hi <there>", textedAt: new Date("2026-01-05T15:00:00Z") }],
      dashboardUrl: "http://localhost:3000/dashboard",
    });
    expect(email.subject).toBe("Rebound: missed call from +15551230001 texted back");
    expect(email.text).toContain("+15551230001 at Jan 5, 2026, 9:00 AM");
    expect(email.html).toContain("A&amp;B &lt;Repairs&gt;");
    expect(email.html).toContain("Hi &lt;there&gt;");
    expect(email.html).not.toContain("<Repairs>");
  });

  it("puts the calls not texted for want of a subscription first, with the way to choose a plan", () => {
    const email = ownerAlertEmail({
      businessName: "Acme",
      timeZone: "America/New_York",
      calls: [{ callerNumber: "+15551230001", message: "Hi", textedAt: new Date("2026-01-05T15:00:00Z") }],
      notTexted: [
        { callerNumber: "+15551230002", calledAt: new Date("2026-01-06T15:00:00Z") },
        { callerNumber: "+15551230003", calledAt: new Date("2026-01-06T16:00:00Z") },
      ],
      dashboardUrl: "http://localhost:3000/dashboard",
      plansUrl: "http://localhost:3000/billing",
    });
    expect(email.subject).toBe("Rebound: 2 missed calls not texted back");
    expect(email.text.indexOf("2 callers who missed Acme were not texted back: your Rebound account has no active subscription.")).toBe(0);
    expect(email.text).toContain("- +15551230002 at Jan 6, 2026, 10:00 AM");
    expect(email.text).toContain("Choose a plan to start texting your callers back: http://localhost:3000/billing");
    expect(email.text).toContain("Rebound texted back a caller who missed Acme.");
    expect(email.html).toContain('<a href="http://localhost:3000/billing">');
  });

  it("lists a call that came too late for a text (after an outage) as one to call back, at the time of the call", () => {
    const email = ownerAlertEmail({
      businessName: "Acme",
      timeZone: "America/New_York",
      calls: [],
      notTexted: [{ callerNumber: "+15551230009", calledAt: new Date("2026-01-06T15:00:00Z"), reason: "too_late" }],
      dashboardUrl: "http://localhost:3000/dashboard",
    });
    expect(email.subject).toBe("Rebound: missed call from +15551230009 not texted back");
    expect(email.text).toContain(
      "A caller who missed Acme was not texted back: a service interruption delayed the call past the time a text would still help. Please call them back.",
    );
    expect(email.text).toContain("- +15551230009 at Jan 6, 2026, 10:00 AM");
    expect(email.text).not.toContain("subscription");
  });

  it("names the one caller not texted in the subject", () => {
    const email = ownerAlertEmail({
      businessName: "Acme",
      timeZone: "America/New_York",
      calls: [],
      notTexted: [{ callerNumber: "+15551230002", calledAt: new Date("2026-01-06T15:00:00Z") }],
      dashboardUrl: "http://localhost:3000/dashboard",
    });
    expect(email.subject).toBe("Rebound: missed call from +15551230002 not texted back");
    expect(email.text).toContain("A caller who missed Acme was not texted back");
    expect(email.text).not.toContain("texted back a caller");
  });

  it.each(["+266696687", "Anonymous", ""])("shows a withheld caller id (%j) as Caller ID withheld in the owner alert", (callerNumber) => {
    const email = ownerAlertEmail({
      businessName: "Acme",
      timeZone: "America/New_York",
      calls: [{ callerNumber, message: "Hi", textedAt: new Date("2026-01-05T15:00:00Z") }],
      dashboardUrl: "http://localhost:3000/dashboard",
    });
    expect(email.subject).toBe("Rebound: missed call from Caller ID withheld texted back");
    expect(email.text).toContain("- Caller ID withheld at Jan 5, 2026");
    expect(email.html).toContain("<strong>Caller ID withheld</strong>");
  });
});
