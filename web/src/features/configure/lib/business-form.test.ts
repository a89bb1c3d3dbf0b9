import { DEFAULT_WEEKLY_HOURS, type WeeklyHours } from "@rebound/contracts/domain";
import type { Business } from "@/shared/business/get-business";
import {
  activeLabel,
  AFTER_HOURS_MESSAGE_REQUIRED,
  BUSINESS_FORM_DEFAULTS,
  businessFormSchema,
  enabledLabel,
  formValuesFromBusiness,
  formVisibility,
  hoursToggleLabel,
  INBOX_FORWARD_NUMBER_INVALID,
  INBOX_FORWARD_NUMBER_REQUIRED,
  looksLikeNorthAmericanNumber,
  MAX_VOICE_MESSAGE_LENGTH,
  payloadFromForm,
  VOICE_NO_TEXT_OPTIONS,
} from "./business-form";
import { messageCost } from "@/shared/lib/message-cost";

const messagesOf = (input: unknown) => {
  const result = businessFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("business form validation (docs/product.md section 5)", () => {
  it("accepts the spec's defaults", () => {
    expect(businessFormSchema.safeParse(BUSINESS_FORM_DEFAULTS).success).toBe(true);
  });

  it("given a blank custom message, then 'Custom message is required'", () => {
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, customMessage: "   " })).toEqual({ customMessage: "Custom message is required" });
  });

  it("given no time zone, then 'Time zone is required'", () => {
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, timeZone: "" })).toEqual({ timeZone: "Time zone is required" });
  });

  it("given after-hours on and a blank after-hours message, then the message shows on afterHoursMessage", () => {
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, afterHoursEnabled: true, afterHoursMessage: "  " })).toEqual({
      afterHoursMessage: AFTER_HOURS_MESSAGE_REQUIRED,
    });
    expect(AFTER_HOURS_MESSAGE_REQUIRED).toBe("After hours message is required when after-hours messaging is enabled");
  });

  it("given after-hours off, then the after-hours and auto-reply messages are optional", () => {
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, afterHoursEnabled: false, afterHoursMessage: "", smsAutoReplyMessage: "" })).toEqual({});
  });

  it("given after-hours on, then an enabled day whose close equals its open is refused on that day", () => {
    const businessHours: WeeklyHours = { ...DEFAULT_WEEKLY_HOURS, monday: { open: "09:00", close: "09:00", enabled: true } };
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, businessHours })).toEqual({
      "businessHours.monday.close": "Closing time must be different from opening time",
    });
  });
});

describe("business form visibility rules (docs/product.md section 4)", () => {
  it("shows the after-hours message, time zone and hours only when after-hours is enabled", () => {
    expect(formVisibility({ afterHoursEnabled: true, smsAutoReplyEnabled: false }).afterHoursDetails).toBe(true);
    expect(formVisibility({ afterHoursEnabled: false, smsAutoReplyEnabled: false }).afterHoursDetails).toBe(false);
  });

  it("shows the auto-reply message only when the auto-reply toggle is on", () => {
    expect(formVisibility({ afterHoursEnabled: false, smsAutoReplyEnabled: true }).autoReplyMessage).toBe(true);
    expect(formVisibility({ afterHoursEnabled: true, smsAutoReplyEnabled: false }).autoReplyMessage).toBe(false);
  });

  it("labels the toggles Active/Inactive, Enabled/Disabled and the hours button Configure Hours/Hide Hours", () => {
    expect([activeLabel(true), activeLabel(false)]).toEqual(["Active", "Inactive"]);
    expect([enabledLabel(true), enabledLabel(false)]).toEqual(["Enabled", "Disabled"]);
    expect([hoursToggleLabel(false), hoursToggleLabel(true)]).toEqual(["Configure Hours", "Hide Hours"]);
  });
});

describe("business form data", () => {
  const business = {
    id: "b1",
    smsMessage: "Hi from [Business Name]",
    afterHoursMessage: "Closed",
    afterHoursEnabled: false,
    smsAutoReplyEnabled: true,
    smsAutoReplyMessage: "Auto",
    timeZone: "America/Chicago",
    businessHours: DEFAULT_WEEKLY_HOURS,
    isActive: false,
  } as unknown as Business;

  it("fills the form from the loaded business and sends the spec's payload back", () => {
    const values = formValuesFromBusiness(business);
    expect(values).toMatchObject({
      customMessage: "Hi from [Business Name]",
      afterHoursEnabled: false,
      smsAutoReplyEnabled: true,
      timeZone: "America/Chicago",
      isActive: false,
    });
    expect(Object.keys(payloadFromForm({ ...values, customMessage: "  Hello  " })).sort()).toEqual(
      [
        "afterHoursEnabled",
        "afterHoursMessage",
        "businessHours",
        "customMessage",
        "isActive",
        "smsAutoReplyEnabled",
        "smsAutoReplyMessage",
        "timeZone",
        "allowInternationalCallers",
        "textLikelySpoofedCallers",
        "voiceTextMessage",
        "voiceNoTextAnswer",
        "voiceNoTextMessage",
        "voicemailEnabled",
        "inboxForwardNumber",
        "closedDates",
      ].sort(),
    );
    expect(payloadFromForm({ ...values, customMessage: "  Hello  " }).customMessage).toBe("Hello");
  });
});

describe("message cost", () => {
  it("warns when an emoji makes the text cost more", () => {
    expect(messageCost("Thanks for calling!").warning).toBeNull();
    const emoji = messageCost("Thanks for calling! 😊");
    expect(emoji.encoding).toBe("UCS-2");
    expect(emoji.warning).toContain("emoji");
  });

  it("warns when a long text is sent as several messages", () => {
    const long = messageCost("a".repeat(200));
    expect(long.segments).toBe(2);
    expect(long.warning).toContain("sent as 2 messages");
  });
});

describe("caller handling in the business form", () => {
  const stored = {
    id: "b1",
    smsMessage: "Hi",
    afterHoursMessage: "Closed",
    afterHoursEnabled: false,
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "",
    timeZone: "America/New_York",
    businessHours: DEFAULT_WEEKLY_HOURS,
    isActive: true,
    allowInternationalCallers: true,
    textLikelySpoofedCallers: true,
    voiceTextMessage: "We'll text you right away.",
    voiceNoTextAnswer: "reject",
    voiceNoTextMessage: "Please call back.",
  } as unknown as Business;

  it("given a business with caller-handling settings, when the form is filled, then it shows them as stored", () => {
    expect(formValuesFromBusiness(stored)).toMatchObject({
      allowInternationalCallers: true,
      textLikelySpoofedCallers: true,
      voiceTextMessage: "We'll text you right away.",
      voiceNoTextAnswer: "reject",
      voiceNoTextMessage: "Please call back.",
    });
  });

  it("given a business without them (an older answer), when the form is filled, then business's defaults are used", () => {
    const { allowInternationalCallers, textLikelySpoofedCallers, voiceTextMessage, voiceNoTextAnswer, voiceNoTextMessage, ...older } = stored;
    void [allowInternationalCallers, textLikelySpoofedCallers, voiceTextMessage, voiceNoTextAnswer, voiceNoTextMessage];
    expect(formValuesFromBusiness(older as Business)).toMatchObject({
      allowInternationalCallers: false,
      textLikelySpoofedCallers: false,
      voiceTextMessage: "",
      voiceNoTextAnswer: "say",
      voiceNoTextMessage: "",
    });
  });

  it("given edited settings, when saved, then the payload carries them with the spoken messages trimmed", () => {
    const payload = payloadFromForm({
      ...formValuesFromBusiness(stored),
      allowInternationalCallers: false,
      voiceNoTextAnswer: "silence",
      voiceTextMessage: "  Hello there  ",
      voiceNoTextMessage: " Bye ",
    });
    expect(payload).toMatchObject({
      allowInternationalCallers: false,
      textLikelySpoofedCallers: true,
      voiceNoTextAnswer: "silence",
      voiceTextMessage: "Hello there",
      voiceNoTextMessage: "Bye",
    });
  });

  it("given a spoken message over 300 characters, then business's message shows on that field", () => {
    const long = "a".repeat(MAX_VOICE_MESSAGE_LENGTH + 1);
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, voiceTextMessage: long })).toEqual({
      voiceTextMessage: "Voice message when a text follows must be at most 300 characters",
    });
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, voiceNoTextMessage: long })).toEqual({
      voiceNoTextMessage: "Voice message when no text follows must be at most 300 characters",
    });
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, voiceTextMessage: "a".repeat(MAX_VOICE_MESSAGE_LENGTH) })).toEqual({});
  });

  it("given a business with voicemail on or off, then the form shows it; without the field (an API from before voicemail), then it is off", () => {
    expect(formValuesFromBusiness({ ...stored, voicemailEnabled: true } as Business).voicemailEnabled).toBe(true);
    expect(formValuesFromBusiness({ ...stored, voicemailEnabled: false } as Business).voicemailEnabled).toBe(false);
    expect(formValuesFromBusiness(stored).voicemailEnabled).toBe(false);
    expect(BUSINESS_FORM_DEFAULTS.voicemailEnabled).toBe(true);
    expect(payloadFromForm({ ...formValuesFromBusiness(stored), voicemailEnabled: true })).toMatchObject({ voicemailEnabled: true });
    expect(businessFormSchema.safeParse(formValuesFromBusiness(stored)).success).toBe(true);
  });

  it("offers exactly the answers business accepts, and shows the no-text message only for 'Play a message'", () => {
    expect(VOICE_NO_TEXT_OPTIONS.map((option) => option.value)).toEqual(["say", "silence", "reject"]);
    expect(VOICE_NO_TEXT_OPTIONS.map((option) => option.label)).toEqual(["Play a message", "Stay silent", "Reject the call"]);
    const base = { afterHoursEnabled: false, smsAutoReplyEnabled: false };
    expect(formVisibility({ ...base, voiceNoTextAnswer: "say" }).voiceNoTextMessage).toBe(true);
    expect(formVisibility({ ...base, voiceNoTextAnswer: "silence" }).voiceNoTextMessage).toBe(false);
    expect(formVisibility({ ...base, voiceNoTextAnswer: "reject" }).voiceNoTextMessage).toBe(false);
  });
});

describe("texts of callers' replies to the owner's mobile (inboxForwardNumber)", () => {
  const stored = {
    id: "b1",
    smsMessage: "Hi",
    afterHoursMessage: "Closed",
    afterHoursEnabled: false,
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "",
    timeZone: "America/New_York",
    businessHours: DEFAULT_WEEKLY_HOURS,
    isActive: true,
    voicemailEnabled: true,
    inboxForwardNumber: "+14155550123",
  } as unknown as Business;

  it("given a business with a number, then the switch is on and the number shows as (415) 555-0123", () => {
    expect(formValuesFromBusiness(stored)).toMatchObject({ inboxForwardEnabled: true, inboxForwardNumber: "(415) 555-0123" });
    expect(formVisibility({ ...formValuesFromBusiness(stored) }).inboxForwardNumber).toBe(true);
  });

  it('given forwarding off ("") or an API from before forwarding, then the switch is off, the field empty and hidden', () => {
    const { inboxForwardNumber, ...older } = stored;
    void inboxForwardNumber;
    for (const business of [{ ...stored, inboxForwardNumber: "" }, older as Business]) {
      expect(formValuesFromBusiness(business)).toMatchObject({ inboxForwardEnabled: false, inboxForwardNumber: "" });
      expect(formVisibility(formValuesFromBusiness(business)).inboxForwardNumber).toBe(false);
    }
    expect(BUSINESS_FORM_DEFAULTS).toMatchObject({ inboxForwardEnabled: false, inboxForwardNumber: "" });
  });

  it("round trip: the stored number loads, validates and goes back as a number business normalises to the same E.164", () => {
    const values = formValuesFromBusiness(stored);
    expect(businessFormSchema.safeParse(values).success).toBe(true);
    const payload = payloadFromForm(values);
    expect(payload.inboxForwardNumber).toBe("(415) 555-0123");
    expect(payload).not.toHaveProperty("inboxForwardEnabled");
  });

  it("sends the number as typed, trimmed, when the switch is on", () => {
    const values = { ...formValuesFromBusiness(stored), inboxForwardNumber: "  +1 212 555 0199 " };
    expect(payloadFromForm(values).inboxForwardNumber).toBe("+1 212 555 0199");
  });

  it('given the switch off, then "" is sent whatever the field holds, and the field is not checked', () => {
    const off = { ...formValuesFromBusiness(stored), inboxForwardEnabled: false };
    expect(payloadFromForm(off).inboxForwardNumber).toBe("");
    expect(messagesOf({ ...off, inboxForwardNumber: "not a number" })).toEqual({});
    expect(payloadFromForm({ ...BUSINESS_FORM_DEFAULTS }).inboxForwardNumber).toBe("");
  });

  it("given the switch on and a blank number, then 'Enter your mobile number to get texts'", () => {
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, inboxForwardEnabled: true, inboxForwardNumber: "   " })).toEqual({
      inboxForwardNumber: "Enter your mobile number to get texts",
    });
    expect(INBOX_FORWARD_NUMBER_REQUIRED).toBe("Enter your mobile number to get texts");
  });

  it("given the switch on and a number that isn't North American, then business's message, word for word", () => {
    expect(INBOX_FORWARD_NUMBER_INVALID).toBe("Mobile number for texts must be a US or Canadian number, such as (212) 555-0123");
    for (const typed of ["555-0123", "+44 20 7946 0958", "415 555 01234", "2415550123x", "call me"]) {
      expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, inboxForwardEnabled: true, inboxForwardNumber: typed })).toEqual({
        inboxForwardNumber: INBOX_FORWARD_NUMBER_INVALID,
      });
    }
  });

  it("accepts the ways an owner types a US or Canadian number (business has the last word)", () => {
    for (const typed of ["(415) 555-0123", "415-555-0123", "415.555.0123", "4155550123", "+1 415 555 0123", "1 (604) 555-0199", "+14155550123"]) {
      expect(looksLikeNorthAmericanNumber(typed)).toBe(true);
      expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, inboxForwardEnabled: true, inboxForwardNumber: typed })).toEqual({});
    }
    expect(looksLikeNorthAmericanNumber("+2 415 555 0123")).toBe(false);
    expect(looksLikeNorthAmericanNumber("24155550123")).toBe(false);
  });
});
