import { CHECK_NEEDED, forwardingStatus, VERIFIED } from "@/test/forwarding";
import {
  checkNeededAt,
  clockLabel,
  dayInZone,
  formatForwardingDate,
  selfTestSummary,
  silentRange,
  statusExplanation,
  statusLine,
  usualRate,
  verifiedAt,
} from "./forwarding-display";

const NY = "America/New_York";
const NOW = new Date("2026-11-26T15:00:00Z");

describe("forwarding status display", () => {
  // The viewer's clock in the business's zone, as for most owners: no zone name after the time.
  const viewerZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = NY;
  });
  afterAll(() => {
    if (viewerZone === undefined) delete process.env.TZ;
    else process.env.TZ = viewerZone;
  });

  it("formats a date in the business's zone, with the year only when it is not this year's", () => {
    expect(formatForwardingDate("2026-11-24T19:10:00Z", NY, NOW)).toBe("Tue, Nov 24, 2:10 PM");
    expect(formatForwardingDate("2025-12-30T15:00:00Z", NY, NOW)).toBe("Tue, Dec 30, 2025, 10:00 AM");
    expect(formatForwardingDate("2026-11-24T19:10:00Z", NY, NOW, "Europe/London")).toBe("Tue, Nov 24, 2:10 PM EST");
    expect(formatForwardingDate("2026-07-24T19:10:00Z", NY, NOW, "America/Chicago")).toBe("Fri, Jul 24, 3:10 PM EDT");
    expect(formatForwardingDate(null, NY, NOW)).toBeNull();
    expect(formatForwardingDate("not a date", NY, NOW)).toBeNull();
    // A zone this browser does not know: the viewer's own, not an exception.
    expect(formatForwardingDate("2026-11-24T19:10:00Z", "Mars/Olympus", NOW)).toMatch(/Nov 2[45]/);
  });

  it("given each status, then the line says verified <date>, check needed since <date> or not confirmed yet", () => {
    expect(statusLine(VERIFIED, NY, NOW)).toEqual({ tone: "success", label: "Forwarding: verified Tue, Nov 24, 2:10 PM" });
    expect(statusLine(CHECK_NEEDED, NY, NOW)).toEqual({ tone: "danger", label: "Forwarding: check needed since Wed, Nov 25, 11:00 AM" });
    expect(statusLine(forwardingStatus(), NY, NOW)).toEqual({ tone: "neutral", label: "Forwarding: not confirmed yet" });
    expect(statusLine(forwardingStatus({ status: "verified" }), NY, NOW).label).toBe("Forwarding: verified");
  });

  it("verified at the later of the last forwarded call and the last passed test; check needed since its own date, else the last call", () => {
    expect(verifiedAt(VERIFIED)).toBe("2026-11-24T19:10:00Z");
    expect(verifiedAt({ ...VERIFIED, lastTestAt: "2026-11-25T15:00:00Z" })).toBe("2026-11-25T15:00:00Z");
    expect(verifiedAt({ ...VERIFIED, lastTestAt: "2026-11-25T15:00:00Z", lastTestResult: "failed" })).toBe("2026-11-24T19:10:00Z");
    expect(checkNeededAt(CHECK_NEEDED)).toBe("2026-11-25T16:00:00Z");
    expect(checkNeededAt({ ...CHECK_NEEDED, checkNeededSince: null })).toBe("2026-11-24T19:10:00Z");
  });

  it("says how many calls are usual", () => {
    expect(usualRate(6.2)).toBe("about 6 a day");
    expect(usualRate(1)).toBe("about 1 a day");
    expect(usualRate(0.3)).toBe("about 2 a week");
    expect(usualRate(0.05)).toBe("a few a month");
    expect(usualRate(null)).toBeNull();
    expect(usualRate(0)).toBeNull();
  });

  it("explains a check needed with the last call and the usual rate, a failed test, and what to do", () => {
    expect(statusExplanation(CHECK_NEEDED, NY, NOW)[0]).toBe("We haven't received a forwarded call since Tue, Nov 24, 2:10 PM; you usually get about 6 a day.");
    const failed = statusExplanation(
      { ...CHECK_NEEDED, lastForwardedCallAt: null, lastTestAt: "2026-11-25T15:00:00Z", lastTestResult: "failed", expectedCallsPerDay: null },
      NY,
      NOW,
    );
    expect(failed[0]).toBe("Your last forwarding test, Wed, Nov 25, 10:00 AM, did not reach Rebound.");
    expect(failed.at(-1)).toMatch(/Run a test to check\.$/);
    expect(statusExplanation(forwardingStatus(), NY, NOW)).toEqual(["Run a forwarding test to confirm your setup."]);
    expect(statusExplanation(VERIFIED, NY, NOW)).toEqual([
      "Your last missed call reached Rebound Tue, Nov 24, 2:10 PM.",
      "Your last forwarding test passed Fri, Nov 20, 10:00 AM.",
    ]);
  });

  it("sums up the weekly self-test", () => {
    expect(selfTestSummary({ enabled: true, weekday: "tuesday", time: "14:30" })).toBe("Every Tuesday at 2:30 PM");
    expect(selfTestSummary({ enabled: false, weekday: "tuesday", time: "14:30" })).toBe("Off");
    expect([clockLabel("00:05"), clockLabel("12:00"), clockLabel("09:15")]).toEqual(["12:05 AM", "12:00 PM", "9:15 AM"]);
  });

  it("finds the calendar day in the zone", () => {
    expect(dayInZone("2026-11-25T03:00:00Z", NY)).toBe("2026-11-24");
    expect(dayInZone("2026-11-25T03:00:00Z", "UTC")).toBe("2026-11-25");
  });

  it("given check needed, then the silent days run from the last call's day to the series' end, clamped; otherwise none", () => {
    const dates = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"];
    expect(silentRange(CHECK_NEEDED, dates, NY)).toEqual({ from: "2026-11-24", to: "2026-11-26", since: "2026-11-24T19:10:00Z" });
    expect(silentRange({ ...CHECK_NEEDED, lastForwardedCallAt: "2026-10-01T12:00:00Z" }, dates, NY)?.from).toBe("2026-11-20");
    expect(silentRange({ ...CHECK_NEEDED, lastForwardedCallAt: null }, dates, NY)).toEqual({
      from: "2026-11-25",
      to: "2026-11-26",
      since: "2026-11-25T16:00:00Z",
    });
    expect(silentRange({ ...CHECK_NEEDED, lastForwardedCallAt: null, checkNeededSince: null }, dates, NY)?.from).toBe("2026-11-20");
    expect(silentRange({ ...CHECK_NEEDED, lastForwardedCallAt: "2026-12-01T12:00:00Z" }, dates, NY)).toBeNull();
    expect(silentRange(VERIFIED, dates, NY)).toBeNull();
    expect(silentRange(null, dates, NY)).toBeNull();
    expect(silentRange(CHECK_NEEDED, [], NY)).toBeNull();
  });
});
