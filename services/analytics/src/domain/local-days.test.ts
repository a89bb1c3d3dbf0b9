import { addDays, datesBetween, isLocalDate, localDate, startOfLocalDay } from "./local-days";

describe("local days", () => {
  it("a call at 23:30 in Los Angeles is on that local day (07:30Z the next UTC day)", () => {
    expect(localDate("America/Los_Angeles", Date.parse("2026-03-02T07:30:00Z"))).toBe("2026-03-01");
    expect(localDate("America/Los_Angeles", Date.parse("2026-03-02T08:00:00Z"))).toBe("2026-03-02");
  });

  it("local midnight is found across DST changes (New York springs forward on 2026-03-08)", () => {
    expect(new Date(startOfLocalDay("America/New_York", "2026-03-08")).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(new Date(startOfLocalDay("America/New_York", "2026-03-09")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(new Date(startOfLocalDay("Asia/Kolkata", "2026-03-01")).toISOString()).toBe("2026-02-28T18:30:00.000Z");
  });

  it("dates: validation, adding days across months, inclusive ranges", () => {
    expect(isLocalDate("2026-02-29")).toBe(false);
    expect(isLocalDate("2028-02-29")).toBe(true);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(datesBetween("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});
