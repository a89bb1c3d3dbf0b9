import { DAY_NAMES, DEFAULT_WEEKLY_HOURS, type DayHours, type WeeklyHours } from "./business-hours";
import { formatBusinessHours, formatNextOpening, formatTime } from "./business-hours-format";

const open = (from: string, to: string): DayHours => ({ open: from, close: to, enabled: true });
const off = (): DayHours => ({ open: "09:00", close: "17:00", enabled: false });
const allClosed = (): WeeklyHours => Object.fromEntries(DAY_NAMES.map((d) => [d, off()])) as WeeklyHours;

describe("formatTime", () => {
  it.each([
    ["17:00", "5:00 PM"],
    ["09:05", "9:05 AM"],
    ["00:00", "12:00 AM"],
    ["00:30", "12:30 AM"],
    ["12:00", "12:00 PM"],
    ["12:45", "12:45 PM"],
    ["23:59", "11:59 PM"],
  ])("given %s, when formatted, then it reads %s", (time, expected) => {
    expect(formatTime(time)).toBe(expected);
  });
  it("given a malformed time, when formatted, then it throws RangeError", () => {
    expect(() => formatTime("5pm")).toThrow(RangeError);
  });
});

describe("formatBusinessHours", () => {
  it("given the default hours, then weekdays are grouped and the closed weekend omitted", () => {
    expect(formatBusinessHours(DEFAULT_WEEKLY_HOURS)).toBe("Mon-Fri 9:00 AM-5:00 PM");
  });
  it("given a different Saturday, then it is a separate group", () => {
    const hours = { ...DEFAULT_WEEKLY_HOURS, saturday: open("10:00", "14:00") };
    expect(formatBusinessHours(hours)).toBe("Mon-Fri 9:00 AM-5:00 PM, Sat 10:00 AM-2:00 PM");
  });
  it("given a closed day in the middle, then the groups on either side are not merged", () => {
    const hours = { ...DEFAULT_WEEKLY_HOURS, wednesday: off() };
    expect(formatBusinessHours(hours)).toBe("Mon-Tue 9:00 AM-5:00 PM, Thu-Fri 9:00 AM-5:00 PM");
  });
  it("given late Thursday and an overnight Friday, then each shows its own range", () => {
    const hours = { ...DEFAULT_WEEKLY_HOURS, thursday: open("09:00", "20:00"), friday: open("22:00", "02:00") };
    expect(formatBusinessHours(hours)).toBe("Mon-Wed 9:00 AM-5:00 PM, Thu 9:00 AM-8:00 PM, Fri 10:00 PM-2:00 AM");
  });
  it("given every day open, then it is one group", () => {
    const hours = Object.fromEntries(DAY_NAMES.map((d) => [d, open("07:00", "19:30")])) as WeeklyHours;
    expect(formatBusinessHours(hours)).toBe("Mon-Sun 7:00 AM-7:30 PM");
  });
  it("given an invalid day, then it is left out like a closed one", () => {
    const hours = {
      ...allClosed(),
      monday: open("09:00", "09:00"),
      tuesday: open("bad", "17:00"),
      friday: open("08:00", "12:00"),
    };
    expect(formatBusinessHours(hours)).toBe("Fri 8:00 AM-12:00 PM");
  });
  it("given every day closed, then it is empty", () => {
    expect(formatBusinessHours(allClosed())).toBe("");
  });
  it("given any hours, then the text is plain ASCII so it stays GSM-7", () => {
    expect(formatBusinessHours(DEFAULT_WEEKLY_HOURS)).toMatch(/^[\x20-\x7e]*$/);
  });
});

describe("formatNextOpening", () => {
  it.each([
    [0, "today at 9:00 AM"],
    [1, "tomorrow at 9:00 AM"],
    [3, "Monday at 9:00 AM"],
    [7, "next Monday at 9:00 AM"],
  ])("given an opening %i days ahead, then it reads %j", (daysAhead, expected) => {
    expect(formatNextOpening({ day: "monday", open: "09:00", daysAhead })).toBe(expected);
  });
  it("given no opening, then it is empty", () => {
    expect(formatNextOpening(null)).toBe("");
  });
});
