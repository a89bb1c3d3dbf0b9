import {
  DAY_NAMES,
  DEFAULT_WEEKLY_HOURS,
  isOpenAt,
  isOpenAtWeekTime,
  storedWeeklyHours,
  isValidTime,
  nextOpening,
  validateDayHours,
  validateWeeklyHours,
  type DayHours,
  type DayName,
  type WeeklyHours,
} from "./business-hours";
import { TIME_ZONES } from "./time-zones";

const NY = "America/New_York";
const at = (iso: string): Date => new Date(iso);
const closed = (): DayHours => ({ open: "09:00", close: "17:00", enabled: false });
const open = (from: string, to: string): DayHours => ({ open: from, close: to, enabled: true });

function week(overrides: Partial<WeeklyHours> = {}, base: WeeklyHours = DEFAULT_WEEKLY_HOURS): WeeklyHours {
  return { ...base, ...overrides };
}
const allWeek = (from: string, to: string): WeeklyHours => Object.fromEntries(DAY_NAMES.map((d) => [d, open(from, to)])) as WeeklyHours;
const allClosed = (): WeeklyHours => Object.fromEntries(DAY_NAMES.map((d) => [d, closed()])) as WeeklyHours;

describe("DEFAULT_WEEKLY_HOURS", () => {
  it("given the spec defaults, then weekdays are 09:00-17:00 enabled and the weekend 10:00-16:00 disabled", () => {
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) {
      expect(DEFAULT_WEEKLY_HOURS[day]).toEqual({ open: "09:00", close: "17:00", enabled: true });
    }
    expect(DEFAULT_WEEKLY_HOURS.saturday).toEqual({ open: "10:00", close: "16:00", enabled: false });
    expect(DEFAULT_WEEKLY_HOURS.sunday).toEqual({ open: "10:00", close: "16:00", enabled: false });
    expect(validateWeeklyHours(DEFAULT_WEEKLY_HOURS)).toEqual([]);
  });
});

describe("isOpenAtWeekTime", () => {
  it("answers as isOpenAt for a local weekday (0 = Monday) and minute, overnight spill included", () => {
    const hours = { ...DEFAULT_WEEKLY_HOURS, friday: { open: "22:00", close: "02:00", enabled: true } };
    expect(isOpenAtWeekTime(hours, 1, 9 * 60)).toBe(true);
    expect(isOpenAtWeekTime(hours, 1, 17 * 60)).toBe(false);
    expect(isOpenAtWeekTime(hours, 5, 60)).toBe(true);
    expect(isOpenAtWeekTime(hours, 5, 3 * 60)).toBe(false);
    expect(isOpenAtWeekTime(hours, 1, 10 * 60)).toBe(isOpenAt(hours, "America/New_York", new Date("2026-11-24T10:00:00-05:00")));
  });
});

describe("isValidTime", () => {
  it.each(["00:00", "09:05", "12:00", "23:59"])("given %s, when validated, then it is valid", (value) => {
    expect(isValidTime(value)).toBe(true);
  });
  it.each(["24:00", "9:00", "09:5", "12:60", "0900", "09:00:00", " 09:00", "", "ab:cd"])("given %j, when validated, then it is invalid", (value) => {
    expect(isValidTime(value)).toBe(false);
  });
  it("given a non-string, when validated, then it is invalid", () => {
    expect(isValidTime(900)).toBe(false);
    expect(isValidTime(undefined)).toBe(false);
  });
});

describe("validateDayHours", () => {
  it("given a normal and an overnight range, when validated, then both are valid", () => {
    expect(validateDayHours(open("09:00", "17:00"))).toEqual([]);
    expect(validateDayHours(open("22:00", "02:00"))).toEqual([]);
  });
  it("given an enabled day whose close equals open, when validated, then close is reported", () => {
    expect(validateDayHours(open("09:00", "09:00"))).toEqual([{ field: "close", message: "Closing time must be different from opening time" }]);
  });
  it("given a disabled day whose close equals open, when validated, then it is accepted", () => {
    expect(validateDayHours({ open: "09:00", close: "09:00", enabled: false })).toEqual([]);
  });
  it("given malformed times, when validated, then each field is reported even on a disabled day", () => {
    const issues = validateDayHours({ open: "9am", close: "25:00", enabled: false });
    expect(issues.map((i) => i.field)).toEqual(["open", "close"]);
  });
  it("given a week with one bad day, when validated, then the issue names the day", () => {
    const issues = validateWeeklyHours(week({ wednesday: open("10:00", "10:00") }));
    expect(issues).toEqual([{ day: "wednesday", field: "close", message: "Closing time must be different from opening time" }]);
  });
});

describe("isOpenAt", () => {
  // The week of Monday 2026-01-12 in New York (EST, UTC-5); 17:00Z is 12:00 local.
  it.each<[DayName, string, boolean]>([
    ["monday", "2026-01-12T17:00Z", true],
    ["tuesday", "2026-01-13T17:00Z", true],
    ["wednesday", "2026-01-14T17:00Z", true],
    ["thursday", "2026-01-15T17:00Z", true],
    ["friday", "2026-01-16T17:00Z", true],
    ["saturday", "2026-01-17T17:00Z", false],
    ["sunday", "2026-01-18T17:00Z", false],
  ])("given default hours, when it is noon on %s, then open is %s", (_day, iso, expected) => {
    expect(isOpenAt(DEFAULT_WEEKLY_HOURS, NY, at(iso))).toBe(expected);
  });

  it.each([
    ["08:59", false, "2026-01-12T13:59Z"],
    ["09:00 exactly", true, "2026-01-12T14:00Z"],
    ["16:59", true, "2026-01-12T21:59Z"],
    ["17:00 exactly", false, "2026-01-12T22:00Z"],
  ])("given a 09:00-17:00 Monday, when it is %s, then open is %s", (_label, expected, iso) => {
    expect(isOpenAt(DEFAULT_WEEKLY_HOURS, NY, at(iso))).toBe(expected);
  });

  it("given a disabled Saturday with hours that cover the time, when it is within them, then it is closed", () => {
    const hours = week({ saturday: { open: "00:00", close: "23:59", enabled: false } });
    expect(isOpenAt(hours, NY, at("2026-01-17T17:00Z"))).toBe(false);
  });

  it("given a day with invalid times, when checked, then it is treated as closed", () => {
    expect(isOpenAt(week({ monday: open("9am", "5pm") }), NY, at("2026-01-12T17:00Z"))).toBe(false);
    expect(isOpenAt(week({ monday: open("09:00", "09:00") }), NY, at("2026-01-12T14:30Z"))).toBe(false);
  });

  it("given a close of 23:59, when it is 23:59 local, then it is still open until midnight", () => {
    const hours = week({ monday: open("00:00", "23:59") });
    expect(isOpenAt(hours, NY, at("2026-01-12T05:00Z"))).toBe(true); // Mon 00:00
    expect(isOpenAt(hours, NY, at("2026-01-13T04:59:30Z"))).toBe(true); // Mon 23:59:30
    expect(isOpenAt(hours, NY, at("2026-01-13T05:00Z"))).toBe(false); // Tue 00:00 (Tuesday is 09:00-17:00)
  });

  describe("given Friday 22:00-02:00 overnight and Saturday disabled", () => {
    const hours = week({ friday: open("22:00", "02:00") });
    it.each([
      ["Fri 21:59", false, "2026-01-17T02:59Z"],
      ["Fri 22:00", true, "2026-01-17T03:00Z"],
      ["Fri 23:59", true, "2026-01-17T04:59Z"],
      ["Sat 00:00", true, "2026-01-17T05:00Z"],
      ["Sat 01:59", true, "2026-01-17T06:59Z"],
      ["Sat 02:00", false, "2026-01-17T07:00Z"],
      ["Fri 01:00 (Thursday has no overnight range)", false, "2026-01-16T06:00Z"],
      ["Fri 12:00 (daytime of an overnight day)", false, "2026-01-16T17:00Z"],
    ])("when it is %s, then open is %s", (_label, expected, iso) => {
      expect(isOpenAt(hours, NY, at(iso))).toBe(expected);
    });
  });

  it("given Sunday 20:00-03:00 and Monday disabled, when it is early Monday, then the spill-over wraps the week", () => {
    const hours = week({ sunday: open("20:00", "03:00"), monday: closed() });
    expect(isOpenAt(hours, NY, at("2026-01-19T07:30Z"))).toBe(true); // Mon 02:30
    expect(isOpenAt(hours, NY, at("2026-01-19T08:00Z"))).toBe(false); // Mon 03:00
    expect(isOpenAt(hours, NY, at("2026-01-19T17:00Z"))).toBe(false); // Mon 12:00
  });

  it("given an unknown time zone, when checked, then it throws RangeError", () => {
    expect(() => isOpenAt(DEFAULT_WEEKLY_HOURS, "Mars/Olympus_Mons", at("2026-01-12T17:00Z"))).toThrow(RangeError);
  });

  describe("given New York on the 2026-03-08 spring-forward day", () => {
    const daily = allWeek("09:00", "17:00");
    it("when it is 09:30 local the day before, the day of and the day after, then it is open each time", () => {
      expect(isOpenAt(daily, NY, at("2026-03-07T14:30Z"))).toBe(true); // Sat 09:30 EST
      expect(isOpenAt(daily, NY, at("2026-03-08T13:30Z"))).toBe(true); // Sun 09:30 EDT
      expect(isOpenAt(daily, NY, at("2026-03-09T13:30Z"))).toBe(true); // Mon 09:30 EDT
    });
    it("when the same UTC time falls either side of the change, then the new offset decides", () => {
      expect(isOpenAt(daily, NY, at("2026-03-07T13:00Z"))).toBe(false); // Sat 08:00 EST
      expect(isOpenAt(daily, NY, at("2026-03-08T13:00Z"))).toBe(true); // Sun 09:00 EDT
      expect(isOpenAt(daily, NY, at("2026-03-07T21:30Z"))).toBe(true); // Sat 16:30 EST
      expect(isOpenAt(daily, NY, at("2026-03-08T21:30Z"))).toBe(false); // Sun 17:30 EDT
    });
    it("when hours run 01:00-03:00, then only the real hour before the jump is open", () => {
      const hours = week({ sunday: open("01:00", "03:00") });
      expect(isOpenAt(hours, NY, at("2026-03-08T06:00Z"))).toBe(true); // 01:00 EST
      expect(isOpenAt(hours, NY, at("2026-03-08T06:59Z"))).toBe(true); // 01:59 EST
      expect(isOpenAt(hours, NY, at("2026-03-08T07:00Z"))).toBe(false); // 03:00 EDT
    });
    it("when hours lie inside the missing hour 02:00-02:30, then it never opens that day but does a week later", () => {
      const hours = week({ sunday: open("02:00", "02:30") });
      expect(isOpenAt(hours, NY, at("2026-03-08T06:59Z"))).toBe(false);
      expect(isOpenAt(hours, NY, at("2026-03-08T07:00Z"))).toBe(false);
      expect(isOpenAt(hours, NY, at("2026-03-15T06:15Z"))).toBe(true); // Sun 02:15 EDT
    });
  });

  describe("given New York on the 2026-11-01 fall-back day", () => {
    const daily = allWeek("09:00", "17:00");
    it("when it is 09:30 local the day before, the day of and the day after, then it is open each time", () => {
      expect(isOpenAt(daily, NY, at("2026-10-31T13:30Z"))).toBe(true); // Sat 09:30 EDT
      expect(isOpenAt(daily, NY, at("2026-11-01T14:30Z"))).toBe(true); // Sun 09:30 EST
      expect(isOpenAt(daily, NY, at("2026-11-02T14:30Z"))).toBe(true); // Mon 09:30 EST
      expect(isOpenAt(daily, NY, at("2026-11-01T13:30Z"))).toBe(false); // Sun 08:30 EST
    });
    it("when hours are 01:00-02:00, then both passes through the repeated hour are open", () => {
      const hours = week({ sunday: open("01:00", "02:00") });
      expect(isOpenAt(hours, NY, at("2026-11-01T04:59Z"))).toBe(false); // 00:59 EDT
      expect(isOpenAt(hours, NY, at("2026-11-01T05:30Z"))).toBe(true); // 01:30 EDT
      expect(isOpenAt(hours, NY, at("2026-11-01T06:30Z"))).toBe(true); // 01:30 EST
      expect(isOpenAt(hours, NY, at("2026-11-01T07:00Z"))).toBe(false); // 02:00 EST
    });
  });

  // Wednesday 2026-01-14: 10:00 local (open) and 08:30 local (closed) with default hours.
  const zoneCases: [string, string, string][] = [
    ["America/New_York", "2026-01-14T15:00Z", "2026-01-14T13:30Z"],
    ["America/Chicago", "2026-01-14T16:00Z", "2026-01-14T14:30Z"],
    ["America/Denver", "2026-01-14T17:00Z", "2026-01-14T15:30Z"],
    ["America/Los_Angeles", "2026-01-14T18:00Z", "2026-01-14T16:30Z"],
    ["America/Anchorage", "2026-01-14T19:00Z", "2026-01-14T17:30Z"],
    ["Pacific/Honolulu", "2026-01-14T20:00Z", "2026-01-14T18:30Z"],
    ["Europe/London", "2026-01-14T10:00Z", "2026-01-14T08:30Z"],
    ["Europe/Paris", "2026-01-14T09:00Z", "2026-01-14T07:30Z"],
    ["Europe/Moscow", "2026-01-14T07:00Z", "2026-01-14T05:30Z"],
    ["Asia/Dubai", "2026-01-14T06:00Z", "2026-01-14T04:30Z"],
    ["Asia/Kolkata", "2026-01-14T04:30Z", "2026-01-14T03:00Z"],
    ["Asia/Tokyo", "2026-01-14T01:00Z", "2026-01-13T23:30Z"],
    ["Asia/Shanghai", "2026-01-14T02:00Z", "2026-01-14T00:30Z"],
    ["Australia/Sydney", "2026-01-13T23:00Z", "2026-01-13T21:30Z"],
    ["America/Sao_Paulo", "2026-01-14T13:00Z", "2026-01-14T11:30Z"],
    ["Africa/Cairo", "2026-01-14T08:00Z", "2026-01-14T06:30Z"],
  ];
  it("given the zone table, then it covers all 16 supported zones", () => {
    expect(zoneCases.map(([zone]) => zone).sort()).toEqual(TIME_ZONES.map((z) => z.value).sort());
  });
  it.each(zoneCases)("given %s, when it is 10:00 then 08:30 local on a Wednesday, then it is open then closed", (zone, inside, outside) => {
    expect(isOpenAt(DEFAULT_WEEKLY_HOURS, zone, at(inside))).toBe(true);
    expect(isOpenAt(DEFAULT_WEEKLY_HOURS, zone, at(outside))).toBe(false);
  });
  it.each([
    ["Europe/London", "2026-07-15T09:00Z"],
    ["Australia/Sydney", "2026-07-15T00:00Z"],
    ["Africa/Cairo", "2026-07-15T07:00Z"],
  ])("given %s in July, when it is 10:00 local summer/winter time, then it is open", (zone, iso) => {
    expect(isOpenAt(DEFAULT_WEEKLY_HOURS, zone, at(iso))).toBe(true);
    expect(isOpenAt(DEFAULT_WEEKLY_HOURS, zone, new Date(at(iso).getTime() - 90 * 60_000))).toBe(false);
  });
});

describe("nextOpening", () => {
  it("given default hours before Monday's opening, then it opens later today", () => {
    expect(nextOpening(DEFAULT_WEEKLY_HOURS, NY, at("2026-01-12T12:00Z"))).toEqual({
      day: "monday",
      open: "09:00",
      daysAhead: 0,
    });
  });
  it("given exactly the opening time, then that opening counts", () => {
    expect(nextOpening(DEFAULT_WEEKLY_HOURS, NY, at("2026-01-12T14:00Z"))).toEqual({
      day: "monday",
      open: "09:00",
      daysAhead: 0,
    });
  });
  it("given Monday during opening hours, then the next opening is Tuesday", () => {
    expect(nextOpening(DEFAULT_WEEKLY_HOURS, NY, at("2026-01-12T17:00Z"))).toEqual({
      day: "tuesday",
      open: "09:00",
      daysAhead: 1,
    });
  });
  it("given Friday evening with a closed weekend, then the next opening is Monday", () => {
    expect(nextOpening(DEFAULT_WEEKLY_HOURS, NY, at("2026-01-17T00:00Z"))).toEqual({
      day: "monday",
      open: "09:00",
      daysAhead: 3,
    });
  });
  it("given only Monday enabled and it is Monday afternoon, then it finds next Monday, 7 days ahead", () => {
    const hours = { ...allClosed(), monday: open("09:00", "12:00") };
    expect(nextOpening(hours, NY, at("2026-01-12T18:00Z"))).toEqual({ day: "monday", open: "09:00", daysAhead: 7 });
  });
  it("given every day disabled, then it is null", () => {
    expect(nextOpening(allClosed(), NY, at("2026-01-12T17:00Z"))).toBeNull();
  });
  it("given a day with invalid times, then that day is skipped", () => {
    const hours = week({ tuesday: open("09:00", "09:00") });
    expect(nextOpening(hours, NY, at("2026-01-12T23:00Z"))).toEqual({ day: "wednesday", open: "09:00", daysAhead: 2 });
  });
  it("given one instant, when read in New York and in London, then the local day decides", () => {
    const instant = at("2026-01-16T03:00Z"); // Thu 22:00 in New York, Fri 03:00 in London
    expect(nextOpening(DEFAULT_WEEKLY_HOURS, NY, instant)).toEqual({ day: "friday", open: "09:00", daysAhead: 1 });
    expect(nextOpening(DEFAULT_WEEKLY_HOURS, "Europe/London", instant)).toEqual({
      day: "friday",
      open: "09:00",
      daysAhead: 0,
    });
  });
});

describe("storedWeeklyHours", () => {
  it("given a stored week with a malformed and a missing day, when read back, then those days are the fallback's and the rest as stored", () => {
    const stored = { monday: { open: "08:00", close: "12:00", enabled: true }, tuesday: { open: 8, close: "12:00", enabled: true }, extra: "ignored" };
    const hours = storedWeeklyHours(stored);
    expect(hours.monday).toEqual({ open: "08:00", close: "12:00", enabled: true });
    expect(hours.tuesday).toEqual(DEFAULT_WEEKLY_HOURS.tuesday);
    expect(hours.sunday).toEqual(DEFAULT_WEEKLY_HOURS.sunday);
    expect(Object.keys(hours)).toEqual([...DAY_NAMES]);
  });

  it("given something that is not an object, when read back, then it is the fallback week", () => {
    const fallback = { ...DEFAULT_WEEKLY_HOURS, saturday: { open: "10:00", close: "14:00", enabled: true } };
    expect(storedWeeklyHours(null, fallback)).toEqual(fallback);
    expect(storedWeeklyHours([1, 2], fallback)).toEqual(fallback);
  });
});
