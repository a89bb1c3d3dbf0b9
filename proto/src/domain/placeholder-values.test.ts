import { DAY_NAMES, DEFAULT_WEEKLY_HOURS, type WeeklyHours } from "./business-hours";
import { buildPlaceholderValues } from "./placeholder-values";
import { renderMessage } from "./placeholders";

const base = { businessName: "Acme Plumbing", businessHours: DEFAULT_WEEKLY_HOURS, timeZone: "America/New_York" };

describe("buildPlaceholderValues", () => {
  it("given Friday evening in New York, then the open time is Monday morning and hours are summarised", () => {
    const values = buildPlaceholderValues({ ...base, website: "acme.com" }, new Date("2026-01-17T00:00Z"));
    expect(values).toEqual({
      businessName: "Acme Plumbing",
      website: "acme.com",
      email: "",
      emergencyNumber: "",
      openTime: "Monday at 9:00 AM",
      businessHours: "Mon-Fri 9:00 AM-5:00 PM",
    });
  });
  it("given early morning before opening, then the open time is today", () => {
    expect(buildPlaceholderValues(base, new Date("2026-01-14T11:00Z")).openTime).toBe("today at 9:00 AM");
  });
  it("given the same instant in another time zone, then the open time follows that zone", () => {
    // 2026-01-14T23:00Z is Wed 18:00 in New York but already Thu 08:00 in Tokyo.
    const at = new Date("2026-01-14T23:00Z");
    expect(buildPlaceholderValues(base, at).openTime).toBe("tomorrow at 9:00 AM");
    expect(buildPlaceholderValues({ ...base, timeZone: "Asia/Tokyo" }, at).openTime).toBe("today at 9:00 AM");
    // 2026-01-16T09:00Z is Fri 18:00 in Tokyo, Fri 04:00 in New York.
    const friday = new Date("2026-01-16T09:00Z");
    expect(buildPlaceholderValues({ ...base, timeZone: "Asia/Tokyo" }, friday).openTime).toBe("Monday at 9:00 AM");
    expect(buildPlaceholderValues(base, friday).openTime).toBe("today at 9:00 AM");
  });
  it("given a business closed all week, then the open time and hours are empty and their sentences drop out", () => {
    const closed = Object.fromEntries(DAY_NAMES.map((d) => [d, { open: "09:00", close: "17:00", enabled: false }])) as WeeklyHours;
    const values = buildPlaceholderValues({ ...base, businessHours: closed }, new Date("2026-01-14T23:00Z"));
    expect(values.openTime).toBe("");
    expect(values.businessHours).toBe("");
    expect(renderMessage("Thanks for calling [Business Name]. We're back [OPEN_TIME]. Hours: [BUSINESS_HOURS].", values)).toBe(
      "Thanks for calling Acme Plumbing.",
    );
  });
  it("given an unknown time zone, then it throws RangeError", () => {
    expect(() => buildPlaceholderValues({ ...base, timeZone: "Nowhere/Land" }, new Date())).toThrow(RangeError);
  });
});
