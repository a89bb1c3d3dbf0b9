import { DEFAULT_WEEKLY_HOURS } from "@rebound/contracts/domain";
import { decide, type DispatchState, type MissedCall } from "./decide";
import { DEFAULT_SUBSCRIPTION, type DispatchProfile, type DispatchSettings } from "./dispatch-config";

const MONDAY_10AM_NEW_YORK = new Date("2026-01-05T15:00:00Z");
const MONDAY_8PM_NEW_YORK = new Date("2026-01-06T01:00:00Z");

const settings = (overrides: Partial<DispatchSettings> = {}): DispatchSettings => ({
  smsMessage: "Thanks for calling [Business Name]! Visit [WEBSITE].",
  afterHoursMessage: "We're closed. We're back [OPEN_TIME]. Hours: [BUSINESS_HOURS]. For urgent repairs call [EMERGENCY_NUMBER].",
  afterHoursEnabled: true,
  smsAutoReplyEnabled: false,
  smsAutoReplyMessage: "",
  timeZone: "America/New_York",
  businessHours: structuredClone(DEFAULT_WEEKLY_HOURS),
  isActive: true,
  duplicateWindowSeconds: 86_400,
  ownerAlertsEnabled: true,
  doNotTextNumbers: [],
  allowInternationalCallers: false,
  textLikelySpoofedCallers: false,
  inboxForwardNumber: "",
  ...overrides,
});

const profile: DispatchProfile = {
  businessName: "Acme",
  businessPhone: "+15550001111",
  website: "acme.example",
  email: "",
  emergencyNumber: "",
  ownerEmail: "owner@acme.example",
  ownerName: "Ada Owner",
};

const call: MissedCall = { callId: "c1", callerNumber: "+15551230001", dedicatedNumber: "+15557770001" };

const state = (overrides: Partial<DispatchState> = {}, settingsOverrides: Partial<DispatchSettings> = {}): DispatchState => ({
  business: { businessId: "b1", userId: "u1", settings: settings(settingsOverrides), profile, dedicatedNumber: call.dedicatedNumber },
  subscription: DEFAULT_SUBSCRIPTION,
  optedOut: false,
  textedThisMonth: 0,
  ...overrides,
});

describe("decide", () => {
  it("sends the normal message with placeholders filled while the business is open", () => {
    expect(decide(state(), call, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "send",
      kind: "missed_call",
      body: "Thanks for calling Acme! Visit acme.example.",
    });
  });

  it("given a call decided more than the text's useful age after it came in, then too_late; within it, or with no limit, then sent", () => {
    const fifteenMinutes = 15 * 60_000;
    const late = { ...call, occurredAt: new Date(MONDAY_10AM_NEW_YORK.getTime() - fifteenMinutes - 1) };
    const inTime = { ...call, occurredAt: new Date(MONDAY_10AM_NEW_YORK.getTime() - fifteenMinutes) };

    expect(decide(state({ textMaxAgeMs: fifteenMinutes }), late, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "too_late" });
    expect(decide(state({ textMaxAgeMs: fifteenMinutes }), inTime, MONDAY_10AM_NEW_YORK).type).toBe("send");
    expect(decide(state(), late, MONDAY_10AM_NEW_YORK).type).toBe("send");
    // An opted-out caller stays opted out: no call-back alert for them.
    expect(decide(state({ textMaxAgeMs: fifteenMinutes, optedOut: true }), late, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "opted_out" });
  });

  it("sends the after-hours message when closed, leaving out sentences whose value is missing", () => {
    expect(decide(state(), call, MONDAY_8PM_NEW_YORK)).toEqual({
      type: "send",
      kind: "after_hours",
      body: "We're closed. We're back tomorrow at 9:00 AM. Hours: Mon-Fri 9:00 AM-5:00 PM.",
    });
  });

  it("sends the normal message when closed but after-hours is off", () => {
    const decision = decide(state({}, { afterHoursEnabled: false }), call, MONDAY_8PM_NEW_YORK);
    expect(decision).toMatchObject({ type: "send", kind: "missed_call" });
  });

  it("never sends a literal placeholder, and falls back to the default text for an empty template", () => {
    const unknown = decide(state({}, { smsMessage: "Hi [CUSTOMER_NAME], [Business Name] missed you." }), call, MONDAY_10AM_NEW_YORK);
    expect(unknown).toEqual({ type: "send", kind: "missed_call", body: "Hi, Acme missed you." });
    const empty = decide(state({}, { smsMessage: "[WEBSITE_URL]" }), call, MONDAY_10AM_NEW_YORK);
    expect(empty).toEqual({ type: "send", kind: "missed_call", body: "Thanks for calling! We missed your call but will get back to you soon." });
  });

  it("still texts while a past-due payment is being retried (the grace period)", () => {
    const pastDue = state({ subscription: { plan: "starter", status: "past_due", source: "billing" } }, {});
    expect(decide(pastDue, call, MONDAY_10AM_NEW_YORK)).toMatchObject({ type: "send" });
  });

  it.each([
    ["unknown_business", { business: undefined }, {}],
    ["unknown_business", { business: { businessId: "b1", dedicatedNumber: "+15557770001" } }, {}],
    ["inactive", {}, { isActive: false }],
    ["no_subscription", { subscription: { plan: "starter", status: "canceled", source: "billing" } }, {}],
    ["no_subscription", { subscription: { plan: "starter", status: "unpaid", source: "billing" } }, {}],
    ["no_subscription", { subscription: { plan: "starter", status: "none", source: "signup" } }, {}],
    ["opted_out", { optedOut: true }, {}],
    ["cap_reached", { textedThisMonth: 100 }, {}],
    ["duplicate_window", { lastTextedAt: new Date(MONDAY_10AM_NEW_YORK.getTime() - 3_600_000) }, {}],
    ["own_number", {}, { doNotTextNumbers: ["(555) 123-0001"] }],
  ] as const)("suppresses with %s", (reason, stateOverrides, settingsOverrides) => {
    const given = state(stateOverrides as Partial<DispatchState>, settingsOverrides as Partial<DispatchSettings>);
    expect(decide(given, call, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "suppress",
      reason,
    });
  });

  it("suppresses calls from the business's own phone and from the dedicated number itself", () => {
    expect(decide(state(), { ...call, callerNumber: "+15550001111" }, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "own_number" });
    expect(decide(state(), { ...call, callerNumber: call.dedicatedNumber }, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "suppress",
      reason: "own_number",
    });
  });

  it("uses the plan's cap: 1,000 on Professional, 10,000 on Enterprise", () => {
    const professional = { plan: "professional", status: "active", source: "billing" } as const;
    expect(decide(state({ subscription: professional, textedThisMonth: 999 }), call, MONDAY_10AM_NEW_YORK).type).toBe("send");
    expect(decide(state({ subscription: professional, textedThisMonth: 1000 }), call, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "suppress",
      reason: "cap_reached",
    });
    const enterprise = { plan: "enterprise", status: "trialing", source: "signup" } as const;
    expect(decide(state({ subscription: enterprise, textedThisMonth: 9_999 }), call, MONDAY_10AM_NEW_YORK).type).toBe("send");
  });

  it("texts again once the duplicate window has passed, and treats a window of 0 as the 24 h default", () => {
    const lastTextedAt = new Date(MONDAY_10AM_NEW_YORK.getTime() - 600_000);
    expect(decide(state({ lastTextedAt }, { duplicateWindowSeconds: 600 }), call, MONDAY_10AM_NEW_YORK).type).toBe("send");
    expect(decide(state({ lastTextedAt }, { duplicateWindowSeconds: 0 }), call, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "suppress",
      reason: "duplicate_window",
    });
  });
});

describe("decide: who called (issue 18)", () => {
  const WITHHELD = ["+266696687", "+7378742833", "+86282452253", "+8656696", "+2562533", "Anonymous", "restricted", "UNKNOWN", "Private", "Unavailable", ""];

  it.each(WITHHELD)("never texts a withheld caller id (%j), even with every owner switch on", (from) => {
    const given = state({}, { allowInternationalCallers: true, textLikelySpoofedCallers: true });
    expect(decide(given, { ...call, callerNumber: from }, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "withheld_caller_id" });
  });

  it.each<[string, string, string | undefined, Partial<DispatchSettings>, string]>([
    ["UK mobile, owner default", "+447700900123", undefined, {}, "international"],
    ["Mexican mobile, owner default", "+5215512345678", undefined, {}, "international"],
    ["+1 876 Jamaica, owner default", "+18765551234", undefined, {}, "international"],
    ["UK mobile, international allowed", "+447700900123", undefined, { allowInternationalCallers: true }, "send"],
    ["US caller, STIR failed A", "+15551230001", "TN-Validation-Failed-A", {}, "likely_spoofed"],
    ["US caller, STIR failed C", "+15551230001", "TN-Validation-Failed-C", {}, "likely_spoofed"],
    ["US caller, STIR failed, owner texts spoofed callers", "+15551230001", "TN-Validation-Failed-A", { textLikelySpoofedCallers: true }, "send"],
    ["US caller, STIR passed", "+15551230001", "TN-Validation-Passed-A", {}, "send"],
    ["US caller, No-TN-Validation", "+15551230001", "No-TN-Validation", {}, "send"],
    ["Canadian caller", "+14165550123", undefined, {}, "send"],
    ["UK, allowed, STIR failed", "+447700900123", "TN-Validation-Failed-B", { allowInternationalCallers: true }, "likely_spoofed"],
  ])("%s: %s", (_name, from, stirVerstat, settingsOverrides, expected) => {
    const decision = decide(state({}, settingsOverrides), { ...call, callerNumber: from, stirVerstat }, MONDAY_10AM_NEW_YORK);
    expect(decision.type === "send" ? "send" : decision.reason).toBe(expected);
  });

  it("given telephony's classification on the event, when deciding, then it is the caller id's kind (the STIR verdict still read here)", () => {
    const uk = { ...call, callerNumber: "+447700900123" };
    expect(decide(state(), { ...uk, callerIdKind: "international" }, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "international" });
    expect(decide(state(), { ...call, callerIdKind: "withheld" }, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "withheld_caller_id" });
    const spoofed = { ...call, callerIdKind: "nanp" as const, stirVerstat: "TN-Validation-Failed-A" };
    expect(decide(state(), spoofed, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "likely_spoofed" });
    expect(decide(state(), { ...call, callerIdKind: "nanp" }, MONDAY_10AM_NEW_YORK).type).toBe("send");
  });

  it("checks automation and subscription before the caller's country, and opt-out after it", () => {
    const uk = { ...call, callerNumber: "+447700900123" };
    expect(decide(state({}, { isActive: false }), uk, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "inactive" });
    expect(decide(state({ optedOut: true }), uk, MONDAY_10AM_NEW_YORK)).toEqual({ type: "suppress", reason: "international" });
  });

  it.each<[DispatchState["lineType"], string]>([
    ["landline", "landline"],
    ["mobile", "send"],
    ["voip", "send"],
    ["other", "send"],
    [undefined, "send"],
  ])("with the caller's line type %s, decides %s", (lineType, expected) => {
    const decision = decide(state({ lineType }), call, MONDAY_10AM_NEW_YORK);
    expect(decision.type === "send" ? "send" : decision.reason).toBe(expected);
  });

  it("names the business by the owner's name until the business has one", () => {
    const unnamed = state();
    unnamed.business = { ...unnamed.business!, profile: { ...profile, businessName: " " } };
    expect(decide(unnamed, call, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "send",
      kind: "missed_call",
      body: "Thanks for calling Ada Owner! Visit acme.example.",
    });
    unnamed.business.profile = { ...profile, businessName: "", ownerName: "" };
    expect(decide(unnamed, call, MONDAY_10AM_NEW_YORK)).toEqual({
      type: "send",
      kind: "missed_call",
      body: "Thanks for calling our team! Visit acme.example.",
    });
  });
});

describe("decide: US texting registration (TEXTING_REGISTRATION_REQUIRED)", () => {
  const US_CALLER = "+12125550100";
  const CANADIAN_CALLER = "+14165550123";
  const CANADIAN_NUMBER = "+14165557777";
  const required = (
    business: Partial<NonNullable<DispatchState["business"]>> = {},
    overrides: Partial<DispatchState> = {},
    settingsOverrides: Partial<DispatchSettings> = {},
  ) => {
    const base = state(overrides, settingsOverrides);
    return { ...base, textingRegistrationRequired: true, business: { ...(base.business ?? { businessId: "b1" }), ...business } };
  };
  const outcome = (decision: ReturnType<typeof decide>) => (decision.type === "send" ? "send" : decision.reason);

  it.each<[string, string, DispatchState, MissedCall]>([
    ["a US caller of a business not registered", "registration_pending", required(), { ...call, callerNumber: US_CALLER }],
    ["a 555 (no region) caller, read as US", "registration_pending", required(), call],
    [
      "a US territory caller (Puerto Rico), international callers on",
      "registration_pending",
      required({}, {}, { allowInternationalCallers: true }),
      { ...call, callerNumber: "+17875550100" },
    ],
    ["a Canadian caller, texted at once", "send", required(), { ...call, callerNumber: CANADIAN_CALLER }],
    ["a US caller of an approved business", "send", required({ usTextingAllowed: true }), { ...call, callerNumber: US_CALLER }],
    [
      "a US caller of a Canadian number (not a US 10DLC sender)",
      "send",
      required({ dedicatedNumber: CANADIAN_NUMBER }),
      { ...call, dedicatedNumber: CANADIAN_NUMBER, callerNumber: US_CALLER },
    ],
    ["a US caller with the setting off", "send", { ...state(), textingRegistrationRequired: false }, { ...call, callerNumber: US_CALLER }],
    ["a US caller with the setting absent", "send", state(), { ...call, callerNumber: US_CALLER }],
    [
      "a caller in the duplicate window (checked first)",
      "duplicate_window",
      required({}, { lastTextedAt: new Date(MONDAY_10AM_NEW_YORK.getTime() - 60_000) }),
      call,
    ],
    ["an opted-out caller (checked first)", "opted_out", required({}, { optedOut: true }), call],
    ["no subscription (checked first)", "no_subscription", required({}, { subscription: { plan: "starter", status: "canceled", source: "billing" } }), call],
    ["a landline caller (the lookup comes after)", "registration_pending", required({}, { lineType: "landline" }), call],
    ["a landline Canadian caller", "landline", required({}, { lineType: "landline" }), { ...call, callerNumber: CANADIAN_CALLER }],
  ])("%s: decides %s", (_what, expected, given, missed) => {
    expect(outcome(decide(given, missed, MONDAY_10AM_NEW_YORK))).toBe(expected);
  });

  it("uses the read model's number when the call carries none", () => {
    const given = required({ dedicatedNumber: CANADIAN_NUMBER });
    expect(outcome(decide(given, { ...call, dedicatedNumber: "", callerNumber: US_CALLER }, MONDAY_10AM_NEW_YORK))).toBe("send");
  });
});
