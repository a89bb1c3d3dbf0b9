import {
  conversationCards,
  formatDuration,
  formatRate,
  formatSeconds,
  formatTime,
  isAnswered,
  notTextedForNoSubscription,
  notTextedForRegistration,
  registrationPendingLine,
  shortDay,
  smsStatusLabel,
  smsStatusWords,
} from "./results-display";

describe("results display", () => {
  it("reads the missed calls not texted for want of a subscription (0 when the reason is absent)", () => {
    const textBack = (suppressed: Record<string, number>) => ({
      textBack: { rate: null, missed: 4, texted: 0, notTexted: { suppressed, noCallerId: 0, failed: 0, pending: 0 } },
    });
    expect(notTextedForNoSubscription(textBack({ no_subscription: 4, opted_out: 1 }))).toBe(4);
    expect(notTextedForNoSubscription(textBack({ opted_out: 1 }))).toBe(0);
  });

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

  it("shows a call's time in the business's time zone, the zone named, as the chart counts its day", () => {
    // 02:12 UTC on Nov 25 is still Nov 24 in New York (the chart's day) and in Los Angeles.
    expect(formatTime("2026-11-25T02:12:00.000Z", "America/New_York")).toBe("Nov 24, 9:12 PM EST");
    expect(formatTime("2026-11-25T02:12:00.000Z", "America/Los_Angeles")).toBe("Nov 24, 6:12 PM PST");
    expect(formatTime("2026-07-04T16:00:00.000Z", "America/Chicago")).toBe("Jul 4, 11:00 AM CDT");
  });

  it("falls back to the viewer's zone, still named, when the business's is not known or not valid", () => {
    const viewer = formatTime("2026-11-25T02:12:00.000Z");
    expect(viewer).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M \S+$/);
    expect(formatTime("2026-11-25T02:12:00.000Z", "Not/AZone")).toBe(viewer);
    expect(formatTime("not a time", "America/New_York")).toBe("");
  });
});

describe("texting registration in Your Results", () => {
  it("given failed texts, then they say why: analytics' words, else the contracts' words for the code, else Failed", () => {
    expect(smsStatusWords({ status: "failed", errorCode: "30034", errorDescription: "Blocked by the carrier: texting registration" })).toEqual({
      label: "Blocked by the carrier: texting registration",
      failed: true,
      registration: true,
    });
    expect(smsStatusWords({ status: "failed", errorCode: "30007" })).toEqual({ label: "Filtered by the carrier as spam", failed: true, registration: false });
    expect(smsStatusWords({ status: "failed", errorCode: null, errorDescription: null })).toEqual({ label: "Failed", failed: true, registration: false });
    expect(smsStatusWords({ status: "delivered" })).toEqual({ label: "Delivered", failed: false, registration: false });
  });

  it("counts the calls waiting for texting approval", () => {
    const textBack = (suppressed: Record<string, number>) => ({
      textBack: { rate: 0, missed: 3, texted: 0, notTexted: { suppressed, noCallerId: 0, failed: 0, pending: 0 } },
    });
    expect(notTextedForRegistration(textBack({ registration_pending: 2, no_subscription: 1 }))).toBe(2);
    expect(notTextedForRegistration(textBack({}))).toBe(0);
    expect(registrationPendingLine(1)).toBe("1 missed call was not texted back: waiting for texting approval.");
  });

  it("formats a reply time in plain words", () => {
    expect([null, 45, 59.6, 720, 3_600, 7_500, 86_400, 97_200, 180_000].map(formatDuration)).toEqual([
      "—",
      "45 s",
      "1 min",
      "12 min",
      "1 h",
      "2 h 5 min",
      "1 day",
      "1 day 3 h",
      "2 days 2 h",
    ]);
  });

  it("reads the conversations row: the reply rate of callers texted, your median reply time, what was booked; empty without any", () => {
    const none = {
      replyRate: null,
      callersTexted: 0,
      callersWhoReplied: 0,
      secondsToOwnerReply: { count: 0, medianSeconds: null, p95Seconds: null },
      booked: { count: 0, valueCents: 0 },
    };
    expect(conversationCards(none)).toEqual({
      empty: true,
      cards: [
        { label: "Callers who replied", value: "—", hint: "No callers texted yet", testId: "stat-reply-rate" },
        { label: "Your median reply time", value: "—", hint: "Shows once you answer a caller's reply", testId: "stat-owner-reply-time" },
        { label: "Booked from conversations", value: "—", hint: "Mark a conversation booked in your inbox", testId: "stat-booked" },
      ],
    });
    const some = conversationCards({
      ...none,
      replyRate: 0.5,
      callersTexted: 2,
      callersWhoReplied: 1,
      secondsToOwnerReply: { count: 1, medianSeconds: 90, p95Seconds: 90 },
      booked: { count: 1, valueCents: 123_456 },
    });
    expect(some.empty).toBe(false);
    expect(some.cards.map((card) => [card.value, card.hint])).toEqual([
      ["50%", "1 of 2 callers texted"],
      ["2 min", "From their first reply to yours, over 1 conversation"],
      ["$1,235", "Measured: 1 conversation you marked booked"],
    ]);
  });
});
