import { DEFAULT_TIME_ZONE, TIME_ZONES, isSupportedTimeZone, toSupportedTimeZone } from "./time-zones";

describe("TIME_ZONES", () => {
  it("given the spec, then there are 16 unique choices with labels", () => {
    expect(TIME_ZONES).toHaveLength(16);
    expect(new Set(TIME_ZONES.map((z) => z.value)).size).toBe(16);
    expect(TIME_ZONES.map((z) => z.label)).toEqual([
      "New York",
      "Chicago",
      "Denver",
      "Los Angeles",
      "Anchorage",
      "Honolulu",
      "London",
      "Paris",
      "Moscow",
      "Dubai",
      "Kolkata",
      "Tokyo",
      "Shanghai",
      "Sydney",
      "Sao Paulo",
      "Cairo",
    ]);
  });
  it.each(TIME_ZONES.map((z) => [z.value]))("given %s, when used with Intl, then it is a valid IANA zone", (zone) => {
    // resolvedOptions() may report an older alias (Node 20's ICU says Asia/Calcutta for Asia/Kolkata).
    expect(new Intl.DateTimeFormat("en-US", { timeZone: zone }).format(new Date("2026-01-01T00:00Z"))).toMatch(/\d/);
  });
  it("given the default, then it is New York and supported", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
    expect(isSupportedTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
  });
});

describe("isSupportedTimeZone", () => {
  it.each(["Asia/Kolkata", "America/Sao_Paulo", "Pacific/Honolulu"])("given %s, then it is supported", (zone) => {
    expect(isSupportedTimeZone(zone)).toBe(true);
  });
  it.each(["America/Toronto", "america/new_york", "UTC", "New York", "", " America/New_York"])("given %j, then it is not supported", (zone) => {
    expect(isSupportedTimeZone(zone)).toBe(false);
  });
  it("given a non-string, then it is not supported", () => {
    expect(isSupportedTimeZone(null)).toBe(false);
    expect(isSupportedTimeZone(42)).toBe(false);
  });
});

describe("toSupportedTimeZone", () => {
  it("given a supported name, then it is returned as is", () => {
    expect(toSupportedTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });
  it.each([
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["US/Eastern", "America/New_York"],
    ["US/Pacific", "America/Los_Angeles"],
    ["Europe/London", "Europe/London"],
  ])("given the alias %s, then it maps to %s", (alias, expected) => {
    expect(toSupportedTimeZone(alias)).toBe(expected);
  });
  it.each(["America/Toronto", "UTC", "Not/AZone", ""])("given %j, then it is null", (value) => {
    expect(toSupportedTimeZone(value)).toBeNull();
  });
});
