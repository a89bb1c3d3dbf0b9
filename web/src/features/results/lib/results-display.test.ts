import { formatRate, formatSeconds, isAnswered, shortDay, smsStatusLabel } from "./results-display";

describe("results display", () => {
  it("treats anything but Answered as missed, and anything but delivered or sent as failed", () => {
    expect(isAnswered("Answered")).toBe(true);
    expect(isAnswered("Missed")).toBe(false);
    expect(["delivered", "sent", "undelivered"].map(smsStatusLabel)).toEqual(["Delivered", "Sent", "Failed"]);
  });

  it("formats the text-back rate and the time to text", () => {
    expect(formatRate(0.834)).toBe("83%");
    expect(formatRate(null)).toBe("—");
    expect(formatSeconds(2.44)).toBe("2.4 s");
    expect(formatSeconds(42)).toBe("42 s");
    expect(formatSeconds(65)).toBe("1 min 5 s");
    expect(formatSeconds(null)).toBe("—");
  });

  it("labels chart days without shifting them across time zones", () => {
    expect(shortDay("2025-01-05")).toBe("Jan 5");
  });
});
