import { BusinessHarness, type TestUser } from "./support/business-harness";
import { specSettingsPayload, type BusinessResponse, type ErrorBody } from "./support/api-types";

const AFTER_HOURS_REQUIRED = "After hours message is required when after-hours messaging is enabled";
const TOO_LONG = "x".repeat(1601);

describe("POST /api/business validation", () => {
  let harness: BusinessHarness;
  let user: TestUser & { businessId: string };

  beforeAll(async () => {
    harness = await BusinessHarness.start();
    user = await harness.registerUser();
  });
  afterAll(async () => {
    await harness.stop();
  });

  async function rejected(payload: unknown): Promise<ErrorBody> {
    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, payload);
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toBe(body.errors?.[0]?.message);
    return body;
  }

  it.each([
    ["a missing custom message", { customMessage: undefined }, "customMessage", "Custom message is required"],
    ["an empty custom message", { customMessage: "" }, "customMessage", "Custom message is required"],
    ["a blank custom message", { customMessage: "   \n " }, "customMessage", "Custom message is required"],
    ["a missing time zone", { timeZone: undefined }, "timeZone", "Time zone is required"],
    ["an empty time zone", { timeZone: "" }, "timeZone", "Time zone is required"],
    ["a time zone outside the spec's 16", { timeZone: "Europe/Berlin" }, "timeZone", "Time zone must be one of the supported time zones"],
    ["after-hours on with an empty message", { afterHoursEnabled: true, afterHoursMessage: "" }, "afterHoursMessage", AFTER_HOURS_REQUIRED],
    ["after-hours on with a blank message", { afterHoursEnabled: true, afterHoursMessage: "  " }, "afterHoursMessage", AFTER_HOURS_REQUIRED],
    ["after-hours on with a null message", { afterHoursEnabled: true, afterHoursMessage: null }, "afterHoursMessage", AFTER_HOURS_REQUIRED],
    ["a custom message over 1,600 characters", { customMessage: TOO_LONG }, "customMessage", "Custom message must be at most 1600 characters"],
    [
      "an after-hours message over 1,600 characters",
      { afterHoursMessage: TOO_LONG },
      "afterHoursMessage",
      "After hours message must be at most 1600 characters",
    ],
    [
      "an auto-reply message over 1,600 characters",
      { smsAutoReplyMessage: TOO_LONG },
      "smsAutoReplyMessage",
      "Auto-reply message must be at most 1600 characters",
    ],
    ["a non-boolean after-hours switch", { afterHoursEnabled: "yes" }, "afterHoursEnabled", "After-hours messaging must be true or false"],
    ["a non-boolean SMS automation switch", { isActive: 1 }, "isActive", "SMS automation must be true or false"],
    ["a negative duplicate window", { duplicateWindowHours: -1 }, "duplicateWindowHours", "Duplicate window must be a whole number of hours from 0 to 720"],
    ["a fractional duplicate window", { duplicateWindowHours: 1.5 }, "duplicateWindowHours", "Duplicate window must be a whole number of hours from 0 to 720"],
    [
      "an invalid do-not-text number",
      { doNotTextNumbers: ["+12125550123", "555"] },
      "doNotTextNumbers.1",
      "Do-not-text numbers must be valid phone numbers, such as (212) 555-0123 or +44 20 7946 0958",
    ],
  ])("given %s, then the spec's message is reported on the field", async (_case, overrides, field, message) => {
    const body = await rejected(specSettingsPayload(overrides));

    expect(body.errors).toEqual([{ field, message }]);
  });

  it("given an empty body, then both required messages are reported, each on its own field", async () => {
    const body = await rejected({});

    expect(body.message).toBe("Custom message is required");
    expect(body.errors).toEqual([
      { field: "customMessage", message: "Custom message is required" },
      { field: "timeZone", message: "Time zone is required" },
    ]);
  });

  it("given every spec rule broken at once, then each message is on its own field", async () => {
    const body = await rejected({ customMessage: " ", timeZone: "", afterHoursEnabled: true, afterHoursMessage: "" });

    expect(body.errors).toEqual([
      { field: "customMessage", message: "Custom message is required" },
      { field: "timeZone", message: "Time zone is required" },
      { field: "afterHoursMessage", message: AFTER_HOURS_REQUIRED },
    ]);
  });

  it.each([
    ["an opening time that is not HH:MM", { open: "9:00" }, "open", "Monday: Opening time must be between 00:00 and 23:59"],
    ["a closing time past 23:59", { close: "24:00" }, "close", "Monday: Closing time must be between 00:00 and 23:59"],
    ["an enabled day that closes when it opens", { open: "09:00", close: "09:00" }, "close", "Monday: Closing time must be different from opening time"],
    ["a missing enabled flag", { enabled: undefined }, "enabled", "Monday enabled must be true or false"],
  ])("given %s, then it is reported on that day's field", async (_case, monday, field, message) => {
    const hours = specSettingsPayload().businessHours as Record<string, Record<string, unknown>>;

    const body = await rejected(specSettingsPayload({ businessHours: { ...hours, monday: { ...hours.monday, ...monday } } }));

    expect(body.errors).toEqual([{ field: `businessHours.monday.${field}`, message }]);
  });

  it("given hours without sunday, then the missing day is reported", async () => {
    const { sunday: _sunday, ...sixDays } = specSettingsPayload().businessHours as Record<string, unknown>;

    const body = await rejected(specSettingsPayload({ businessHours: sixDays }));

    expect(body.errors).toEqual([{ field: "businessHours.sunday", message: "Sunday hours are required" }]);
  });

  it("given a disabled day with equal times and an overnight range, then both are accepted", async () => {
    const hours = specSettingsPayload().businessHours as Record<string, unknown>;
    const businessHours = {
      ...hours,
      saturday: { open: "00:00", close: "00:00", enabled: false },
      friday: { open: "20:00", close: "03:00", enabled: true },
    };

    const { status, body } = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ businessHours }));

    expect(status).toBe(200);
    expect(body.businessHours).toEqual(businessHours);
  });

  it("given a body that is not JSON, then it is a 400, not a 500", async () => {
    const res = await fetch(`${harness.running.url}/api/business`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-rebound-user": harness.signedHeader(user) },
      body: "{not json",
    });

    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Malformed request body", code: "BAD_REQUEST" });
  });

  it("given rejected requests, then the stored settings are unchanged and no event was emitted", async () => {
    const fresh = await harness.registerUser();
    await harness.request("POST", "/api/business", fresh, specSettingsPayload({ customMessage: "", timeZone: "Nowhere/Else" }));

    const { body } = await harness.request<BusinessResponse>("GET", "/api/business", fresh);

    expect(body).toMatchObject({ smsMessage: "Thanks for calling! We missed your call but will get back to you soon.", timeZone: "America/New_York" });
    expect(await harness.logged("BusinessSettingsUpdated", fresh.businessId)).toEqual([]);
  });
});
