import { lastAnswerPerZone, zonedWeekTime } from "./zoned-time";

describe("zonedWeekTime", () => {
  it("given midnight UTC on a Monday, when read in UTC, then it is Monday minute 0", () => {
    expect(zonedWeekTime("UTC", new Date("2026-01-12T00:00Z"))).toEqual({ weekday: 0, minutes: 0 });
  });
  it("given one instant, when read in zones either side of the date line, then the weekday differs", () => {
    const instant = new Date("2026-01-18T23:30Z"); // Sunday 23:30 UTC
    expect(zonedWeekTime("Europe/London", instant)).toEqual({ weekday: 6, minutes: 23 * 60 + 30 });
    expect(zonedWeekTime("Asia/Tokyo", instant)).toEqual({ weekday: 0, minutes: 8 * 60 + 30 });
    expect(zonedWeekTime("Pacific/Honolulu", instant)).toEqual({ weekday: 6, minutes: 13 * 60 + 30 });
  });
  it("given a half-hour offset zone, then the minutes include the half hour", () => {
    expect(zonedWeekTime("Asia/Kolkata", new Date("2026-01-14T04:00Z"))).toEqual({ weekday: 2, minutes: 9 * 60 + 30 });
  });
  it("given seconds past the minute, then they are ignored", () => {
    expect(zonedWeekTime("UTC", new Date("2026-01-12T10:15:59.999Z"))).toEqual({ weekday: 0, minutes: 615 });
  });
  it("given an unknown zone or an invalid date, then it throws RangeError", () => {
    expect(() => zonedWeekTime("Nowhere/Land", new Date("2026-01-12T00:00Z"))).toThrow(RangeError);
    expect(() => zonedWeekTime("UTC", new Date(Number.NaN))).toThrow(RangeError);
  });
  it("given many calls, then results stay consistent (the formatter is cached per zone)", () => {
    const instant = new Date("2026-06-01T12:00Z");
    const first = zonedWeekTime("America/Denver", instant);
    for (let i = 0; i < 1000; i++) expect(zonedWeekTime("America/Denver", instant)).toEqual(first);
  });
  it("given answers remembered by the second, when instants cross a local midnight, then the weekday turns on the millisecond", () => {
    expect(zonedWeekTime("America/New_York", new Date("2026-01-13T04:59:59.999Z"))).toEqual({ weekday: 0, minutes: 1439 });
    expect(zonedWeekTime("America/New_York", new Date("2026-01-13T05:00:00.000Z"))).toEqual({ weekday: 1, minutes: 0 });
    expect(zonedWeekTime("America/New_York", new Date("2026-01-13T05:00:00.999Z"))).toEqual({ weekday: 1, minutes: 0 });
    expect(zonedWeekTime("Asia/Kolkata", new Date("2026-01-13T05:00:00.000Z"))).toEqual({ weekday: 1, minutes: 10 * 60 + 30 });
  });
  it("given a runtime whose format() layout differs, when read, then formatToParts gives the same answer", () => {
    const instant = new Date("2026-01-14T04:00Z");
    const expected = zonedWeekTime("Asia/Kolkata", instant);
    // format is an accessor returning a bound function at runtime; the lib typings call it a method.
    const prototype = Intl.DateTimeFormat.prototype as unknown as { format: unknown };
    const spy = jest.spyOn(prototype, "format", "get").mockReturnValue(() => "Wednesday, 9:30");
    try {
      // A second later (the same local minute): the last answer is kept by the second, so this one is read.
      expect(zonedWeekTime("Asia/Kolkata", new Date(instant.getTime() + 1_000))).toEqual(expected);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("lastAnswerPerZone", () => {
  it("given asks about one zone and second, when repeated, then read runs once; another second, zone or an invalid date reads again", () => {
    const reads: string[] = [];
    const remembered = lastAnswerPerZone((timeZone, at) => {
      if (Number.isNaN(at.getTime())) throw new RangeError("invalid date");
      reads.push(`${timeZone} ${at.toISOString()}`);
      return reads.length;
    });
    const at = new Date("2026-01-13T05:00:00.000Z");
    expect([remembered("UTC", at), remembered("UTC", new Date("2026-01-13T05:00:00.999Z"))]).toEqual([1, 1]);
    expect(remembered("Asia/Tokyo", at)).toBe(2);
    expect(remembered("UTC", new Date("2026-01-13T05:00:01.000Z"))).toBe(3);
    expect(() => remembered("UTC", new Date(Number.NaN))).toThrow(RangeError);
    expect(() => remembered("UTC", new Date(Number.NaN))).toThrow(RangeError);
    expect(reads).toHaveLength(3);
  });
});
