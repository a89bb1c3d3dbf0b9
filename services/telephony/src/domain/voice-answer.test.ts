import { telephonyV1 } from "@rebound/contracts";
import {
  callPurpose,
  chooseVoiceAnswer,
  foreseeText,
  FORWARDING_TEST_ANSWER,
  voiceTwiml,
  type BusinessCallSettings,
  type TextOutlook,
  type VoiceAnswer,
  type VoicemailRecording,
  VOICEMAIL_ACTION_TWIML,
} from "./voice-answer";

const { CallPurpose } = telephonyV1;

const DEDICATED = "+13055550100";
const DEFAULTS = {
  textMessage: "Sorry we missed your call. We will get back to you shortly.",
  noTextMessage: "Sorry we missed your call. Please call again later.",
};

const business = (overrides: Partial<BusinessCallSettings> = {}): BusinessCallSettings => ({
  businessPhone: "+12125550123",
  answerCalls: true,
  isActive: true,
  doNotTextNumbers: ["+13125550199"],
  allowInternationalCallers: false,
  textLikelySpoofedCallers: false,
  voiceTextMessage: "",
  voiceNoTextMessage: "",
  voiceNoTextAnswer: "say",
  voicemailEnabled: false,
  ...overrides,
});

const VOICEMAIL: VoicemailRecording = {
  maxSeconds: 120,
  actionUrl: "https://rebound.example/webhooks/twilio/voicemail",
  recordingStatusCallbackUrl: "https://rebound.example/webhooks/twilio/recording",
  transcribeCallbackUrl: "https://rebound.example/webhooks/twilio/transcription",
};

describe("foreseeText: what telephony can know about the text before messaging decides", () => {
  const WITHHELD = [
    "+266696687",
    "+7378742833",
    "+86282452253",
    "+8656696",
    "+2562533",
    "Anonymous",
    "Restricted",
    "Unknown",
    "Private",
    "Unavailable",
    "anonymous",
    "",
  ];

  it.each(WITHHELD)(
    "given the withheld caller id %j, then no text (withheld_caller_id), even with every switch on and before the business is known",
    (from) => {
      const open = business({ allowInternationalCallers: true, textLikelySpoofedCallers: true });
      expect(foreseeText(open, { from, dedicatedNumber: DEDICATED })).toEqual({ text: "none", reason: "withheld_caller_id" });
      expect(foreseeText(undefined, { from, dedicatedNumber: DEDICATED })).toEqual({ text: "none", reason: "withheld_caller_id" });
    },
  );

  it.each<[string, string, string | undefined, Partial<BusinessCallSettings>, TextOutlook]>([
    ["a US caller", "+15551230001", undefined, {}, { text: "possible" }],
    ["a Canadian caller", "+14165550123", undefined, {}, { text: "possible" }],
    ["a US caller with STIR passed", "+15551230001", "TN-Validation-Passed-A", {}, { text: "possible" }],
    ["a US caller with No-TN-Validation", "+15551230001", "No-TN-Validation", {}, { text: "possible" }],
    ["a UK mobile", "+447700900123", undefined, {}, { text: "none", reason: "international" }],
    ["a Mexican mobile", "+5215512345678", undefined, {}, { text: "none", reason: "international" }],
    ["+1 876 Jamaica", "+18765551234", undefined, {}, { text: "none", reason: "international" }],
    ["a UK mobile, international allowed", "+447700900123", undefined, { allowInternationalCallers: true }, { text: "possible" }],
    ["STIR TN-Validation-Failed-A", "+15551230001", "TN-Validation-Failed-A", {}, { text: "none", reason: "likely_spoofed" }],
    ["STIR failed, owner texts spoofed callers", "+15551230001", "TN-Validation-Failed-B", { textLikelySpoofedCallers: true }, { text: "possible" }],
    ["the owner's own phone", "+12125550123", undefined, {}, { text: "none", reason: "own_number" }],
    ["a do-not-text number", "+13125550199", undefined, {}, { text: "none", reason: "own_number" }],
    ["the dedicated number itself", DEDICATED, undefined, {}, { text: "none", reason: "own_number" }],
    ["automation off", "+15551230001", undefined, { isActive: false }, { text: "none", reason: "inactive" }],
  ])("given %s, then the outlook is right", (_name, from, stirVerstat, overrides, outlook) => {
    expect(foreseeText(business(overrides), { from, stirVerstat, dedicatedNumber: DEDICATED })).toEqual(outlook);
  });

  it.each([
    ["none", { text: "none", reason: "no_subscription" }],
    ["canceled", { text: "none", reason: "no_subscription" }],
    ["unpaid", { text: "none", reason: "no_subscription" }],
    ["trialing", { text: "possible" }],
    ["past_due", { text: "possible" }],
    [undefined, { text: "possible" }],
  ] as const)("given the owner's subscription %s, then the outlook follows whether it is in good standing", (subscription, outlook) => {
    expect(foreseeText(business(), { from: "+15551230001", dedicatedNumber: DEDICATED, subscription })).toEqual(outlook);
  });

  it.each([
    ["a US caller, registration not approved", "+12125550188", DEDICATED, false, { text: "none", reason: "registration_pending" }],
    ["a Canadian caller, registration not approved", "+14165550188", DEDICATED, false, { text: "possible" }],
    ["a US caller to a Canadian number, registration not approved", "+12125550188", "+14165550100", false, { text: "possible" }],
    ["a US caller, registration approved", "+12125550188", DEDICATED, true, { text: "possible" }],
    ["a US caller, registration not required (setting off)", "+12125550188", DEDICATED, undefined, { text: "possible" }],
  ] as const)("given %s, then the outlook follows US carriers' registration rule", (_name, from, dedicatedNumber, usTextingAllowed, outlook) => {
    expect(foreseeText(business(), { from, dedicatedNumber, usTextingAllowed })).toEqual(outlook);
  });

  it("given no subscription and a pending registration, then no_subscription comes first (as messaging's decide orders them)", () => {
    expect(foreseeText(business(), { from: "+12125550188", dedicatedNumber: DEDICATED, subscription: "canceled", usTextingAllowed: false })).toEqual({
      text: "none",
      reason: "no_subscription",
    });
  });

  it("given a business telephony has not heard of yet, then a text is possible (messaging decides)", () => {
    expect(foreseeText(undefined, { from: "+447700900123", dedicatedNumber: DEDICATED })).toEqual({ text: "possible" });
  });
});

describe("chooseVoiceAnswer: the answer says only what will happen", () => {
  const none: TextOutlook = { text: "none", reason: "withheld_caller_id" };
  const possible: TextOutlook = { text: "possible" };

  it.each<[string, BusinessCallSettings | undefined, TextOutlook, VoiceAnswer]>([
    ["text possible, default message", business(), possible, { kind: "say", message: DEFAULTS.textMessage }],
    [
      "text possible, the owner's message",
      business({ voiceTextMessage: "Thanks! Watch for our text." }),
      possible,
      { kind: "say", message: "Thanks! Watch for our text." },
    ],
    ["text possible, business not known yet", undefined, possible, { kind: "say", message: DEFAULTS.textMessage }],
    ["no text, default message", business(), none, { kind: "say", message: DEFAULTS.noTextMessage }],
    [
      "no text, the owner's message",
      business({ voiceNoTextMessage: "Please call during business hours." }),
      none,
      { kind: "say", message: "Please call during business hours." },
    ],
    ["no text, the owner chose silence", business({ voiceNoTextAnswer: "silence", voiceNoTextMessage: "unused" }), none, { kind: "hangup" }],
    ["no text, the owner chose reject", business({ voiceNoTextAnswer: "reject" }), none, { kind: "reject" }],
    ["no text, business not known yet", undefined, none, { kind: "say", message: DEFAULTS.noTextMessage }],
    ["answering off, text possible", business({ answerCalls: false }), possible, { kind: "reject" }],
    ["answering off, no text", business({ answerCalls: false }), none, { kind: "reject" }],
  ])("given %s, then the right answer", (_name, given, outlook, answer) => {
    expect(chooseVoiceAnswer({ purpose: CallPurpose.MISSED_CALL, business: given, outlook, defaults: DEFAULTS })).toEqual(answer);
  });

  it("given a forwarding test call, then always the test message, even for a business that rejects", () => {
    const answer = chooseVoiceAnswer({
      purpose: CallPurpose.FORWARDING_TEST,
      business: business({ answerCalls: false }),
      outlook: possible,
      defaults: DEFAULTS,
    });
    expect(answer).toEqual({ kind: "say", message: FORWARDING_TEST_ANSWER });
  });

  it.each<[string, BusinessCallSettings | undefined, TextOutlook, VoiceAnswer]>([
    ["text possible", business({ voicemailEnabled: true }), possible, { kind: "say", message: DEFAULTS.textMessage, voicemail: VOICEMAIL }],
    ["no text, say", business({ voicemailEnabled: true }), none, { kind: "say", message: DEFAULTS.noTextMessage, voicemail: VOICEMAIL }],
    ["no text, the owner chose silence", business({ voicemailEnabled: true, voiceNoTextAnswer: "silence" }), none, { kind: "hangup" }],
    ["no text, the owner chose reject", business({ voicemailEnabled: true, voiceNoTextAnswer: "reject" }), none, { kind: "reject" }],
    ["answering off", business({ voicemailEnabled: true, answerCalls: false }), possible, { kind: "reject" }],
    ["voicemail off (or absent from older events)", business({ voicemailEnabled: false }), possible, { kind: "say", message: DEFAULTS.textMessage }],
    ["a business not known yet", undefined, possible, { kind: "say", message: DEFAULTS.textMessage }],
  ])("given voicemail and %s, then a spoken answer records, and only a spoken one", (_name, given, outlook, answer) => {
    expect(chooseVoiceAnswer({ purpose: CallPurpose.MISSED_CALL, business: given, outlook, defaults: DEFAULTS, voicemail: VOICEMAIL })).toEqual(answer);
  });

  it("given voicemail on, when a forwarding test calls, then the test message alone", () => {
    const answer = chooseVoiceAnswer({
      purpose: CallPurpose.FORWARDING_TEST,
      business: business({ voicemailEnabled: true }),
      outlook: possible,
      defaults: DEFAULTS,
      voicemail: VOICEMAIL,
    });
    expect(answer).toEqual({ kind: "say", message: FORWARDING_TEST_ANSWER });
  });

  it("given voicemail on but no recording configured (not-in-service answers), then no voicemail", () => {
    expect(
      chooseVoiceAnswer({ purpose: CallPurpose.MISSED_CALL, business: business({ voicemailEnabled: true }), outlook: possible, defaults: DEFAULTS }),
    ).toEqual({
      kind: "say",
      message: DEFAULTS.textMessage,
    });
  });

  it("given the defaults, then neither the no-text answer nor the neutral one promises a text", () => {
    for (const answer of [DEFAULTS.noTextMessage, DEFAULTS.textMessage]) expect(answer).not.toMatch(/\btext\b/i);
  });
});

describe("voice answer", () => {
  it("given our test caller, when classifying, then a forwarding test; anyone else is a missed call", () => {
    expect(callPurpose("+15005550006", "+15005550006")).toBe(CallPurpose.FORWARDING_TEST);
    expect(callPurpose("+15551230001", "+15005550006")).toBe(CallPurpose.MISSED_CALL);
  });

  it("given answers, when rendering TwiML, then Say+Hangup with the text escaped, a bare Hangup, or Reject", () => {
    expect(voiceTwiml({ kind: "say", message: "Tom & Jerry's <shop>" })).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say>Tom &amp; Jerry's &lt;shop&gt;</Say><Hangup/></Response>`,
    );
    expect(voiceTwiml({ kind: "hangup" })).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect(voiceTwiml({ kind: "reject" })).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>');
  });

  it("given a spoken answer with voicemail, when rendering TwiML, then Say, the spec's Record, then Hangup (for an empty recording)", () => {
    expect(voiceTwiml({ kind: "say", message: "Sorry we missed you.", voicemail: VOICEMAIL })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry we missed you.</Say>' +
        '<Record maxLength="120" trim="trim-silence" playBeep="true" timeout="5"' +
        ' action="https://rebound.example/webhooks/twilio/voicemail"' +
        ' recordingStatusCallback="https://rebound.example/webhooks/twilio/recording"' +
        ' recordingStatusCallbackEvent="completed" transcribe="true"' +
        ' transcribeCallback="https://rebound.example/webhooks/twilio/transcription"/>' +
        "<Hangup/></Response>",
    );
  });

  it("given the same message with and without voicemail, then each gets its own TwiML (the cache keys differ)", () => {
    const plain = voiceTwiml({ kind: "say", message: "Cached?" });
    const recording = voiceTwiml({ kind: "say", message: "Cached?", voicemail: VOICEMAIL });

    expect(plain).not.toContain("<Record");
    expect(recording).toContain("<Record");
    expect(voiceTwiml({ kind: "say", message: "Cached?" })).toBe(plain);
  });

  it("given a maximum longer than Twilio transcribes (120 s), then the recording asks for no transcript", () => {
    const twiml = voiceTwiml({ kind: "say", message: "Long", voicemail: { ...VOICEMAIL, maxSeconds: 300 } });

    expect(twiml).toContain('maxLength="300"');
    expect(twiml).toContain('transcribe="false"');
    expect(twiml).not.toContain("transcribeCallback");
  });

  it("given the <Record> action, then the answer hangs up", () => {
    expect(VOICEMAIL_ACTION_TWIML).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
  });
});
