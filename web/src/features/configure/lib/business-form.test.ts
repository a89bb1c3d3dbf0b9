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
  payloadFromForm,
} from "./business-form";
import { messageCost } from "./message-cost";

const messagesOf = (input: unknown) => {
  const result = businessFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("business form validation (spec section 5)", () => {
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
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, afterHoursEnabled: true, afterHoursMessage: "  " })).toEqual({ afterHoursMessage: AFTER_HOURS_MESSAGE_REQUIRED });
    expect(AFTER_HOURS_MESSAGE_REQUIRED).toBe("After hours message is required when after-hours messaging is enabled");
  });

  it("given after-hours off, then the after-hours and auto-reply messages are optional", () => {
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, afterHoursEnabled: false, afterHoursMessage: "", smsAutoReplyMessage: "" })).toEqual({});
  });

  it("given after-hours on, then an enabled day whose close equals its open is refused on that day", () => {
    const businessHours: WeeklyHours = { ...DEFAULT_WEEKLY_HOURS, monday: { open: "09:00", close: "09:00", enabled: true } };
    expect(messagesOf({ ...BUSINESS_FORM_DEFAULTS, businessHours })).toEqual({ "businessHours.monday.close": "Closing time must be different from opening time" });
  });
});

describe("business form visibility rules (spec section 4)", () => {
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
    expect(values).toMatchObject({ customMessage: "Hi from [Business Name]", afterHoursEnabled: false, smsAutoReplyEnabled: true, timeZone: "America/Chicago", isActive: false });
    expect(Object.keys(payloadFromForm({ ...values, customMessage: "  Hello  " })).sort()).toEqual(
      ["afterHoursEnabled", "afterHoursMessage", "businessHours", "customMessage", "isActive", "smsAutoReplyEnabled", "smsAutoReplyMessage", "timeZone"].sort(),
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
