import { computeSummary, distribution, type SummaryFacts, type SummaryInput } from "./summary";

const LA = "America/Los_Angeles";
const ms = (iso: string) => Date.parse(iso);

/**
 * A hand-computed fixture: Los Angeles (UTC-8 in March before the 8th, UTC-7 after), range
 * 2026-03-01..2026-03-03.
 *  c1 2026-03-01 23:30 local (= 03-02 07:30Z): texted, sent +2 s, delivered +5 s, caller replies
 *  c2 2026-03-02 00:10 local (= 03-02 08:10Z): texted, sent +4 s, delivered +9 s
 *  c3 2026-03-02 10:00 local: suppressed duplicate_window
 *  c4 2026-03-02 11:00 local: no caller id (CallReceived only)
 *  c5 2026-03-03 09:00 local: text failed
 *  c6 2026-03-03 09:30 local: texted, sent +6 s, not delivered yet
 *  c7 2026-03-03 10:00 local: answered (not missed)
 *  c8 2026-03-03 12:00 local: suppressed cap_reached
 *  c9 2026-03-03 13:00 local: text queued, not sent yet (pending)
 *  c0 2026-03-04 00:30 local: outside the range
 */
const facts: SummaryFacts = {
  calls: [
    { callId: "c1", callerNumber: "+12125550001", answered: false, textable: true, occurredAt: ms("2026-03-02T07:30:00Z") },
    { callId: "c2", callerNumber: "+12125550002", answered: false, textable: true, occurredAt: ms("2026-03-02T08:10:00Z") },
    { callId: "c3", callerNumber: "+12125550003", answered: false, textable: true, occurredAt: ms("2026-03-02T18:00:00Z") },
    { callId: "c4", callerNumber: "Anonymous", answered: false, textable: false, occurredAt: ms("2026-03-02T19:00:00Z") },
    { callId: "c5", callerNumber: "+12125550005", answered: false, textable: true, occurredAt: ms("2026-03-03T17:00:00Z") },
    { callId: "c6", callerNumber: "+12125550006", answered: false, textable: true, occurredAt: ms("2026-03-03T17:30:00Z") },
    { callId: "c7", callerNumber: "+12125550007", answered: true, textable: true, occurredAt: ms("2026-03-03T18:00:00Z") },
    { callId: "c8", callerNumber: "+12125550008", answered: false, textable: true, occurredAt: ms("2026-03-03T20:00:00Z") },
    { callId: "c9", callerNumber: "+12125550009", answered: false, textable: true, occurredAt: ms("2026-03-03T21:00:00Z") },
    { callId: "c0", callerNumber: "+12125550000", answered: false, textable: true, occurredAt: ms("2026-03-04T08:30:00Z") },
  ],
  texts: [
    { callId: "c1", recipientNumber: "+12125550001", status: "delivered", sentAt: ms("2026-03-02T07:30:02Z"), deliveredAt: ms("2026-03-02T07:30:05Z") },
    { callId: "c2", recipientNumber: "+12125550002", status: "delivered", sentAt: ms("2026-03-02T08:10:04Z"), deliveredAt: ms("2026-03-02T08:10:09Z") },
    { callId: "c5", recipientNumber: "+12125550005", status: "failed", sentAt: null, deliveredAt: null },
    { callId: "c6", recipientNumber: "+12125550006", status: "sent", sentAt: ms("2026-03-03T17:30:06Z"), deliveredAt: null },
    { callId: "c9", recipientNumber: "+12125550009", status: "queued", sentAt: null, deliveredAt: null },
  ],
  suppressions: [
    { callId: "c3", reason: "duplicate_window" },
    { callId: "c8", reason: "cap_reached" },
  ],
  inbound: [
    // c1's caller replies (counts: a reply after their text), on 03-02 local.
    { fromNumber: "+12125550001", kind: "other", receivedAt: ms("2026-03-02T09:00:00Z") },
    // The same caller again: one caller, two replies.
    { fromNumber: "+12125550001", kind: "other", receivedAt: ms("2026-03-02T09:05:00Z") },
    // c5's caller (never texted) writes: a reply that day, not a caller who replied to a text.
    { fromNumber: "+12125550005", kind: "other", receivedAt: ms("2026-03-03T18:00:00Z") },
    // c6's caller says STOP: an opt-out, not a reply.
    { fromNumber: "+12125550006", kind: "opt_out", receivedAt: ms("2026-03-03T18:00:00Z") },
  ],
  ownerReplies: [
    // Before c1's caller first replied (09:00): not an answer to it.
    { recipientNumber: "+12125550001", at: ms("2026-03-02T08:59:00Z") },
    // The owner's next reply, 2 min after the first reply; the later one does not count.
    { recipientNumber: "+12125550002", at: ms("2026-03-02T09:01:00Z") },
    { recipientNumber: "+12125550001", at: ms("2026-03-02T09:10:00Z") },
    { recipientNumber: "+12125550001", at: ms("2026-03-02T09:02:00Z") },
    // To a caller who never replied to their text: no conversation to time.
    { recipientNumber: "+12125550005", at: ms("2026-03-03T18:01:00Z") },
  ],
  outcomes: [
    { callerNumber: "+12125550001", outcome: "booked", valueCents: 25_000, setAt: ms("2026-03-02T12:00:00Z") },
    { callerNumber: "+12125550002", outcome: "booked", valueCents: 0, setAt: ms("2026-03-02T12:00:00Z") },
    { callerNumber: "+12125550006", outcome: "lost", valueCents: 0, setAt: ms("2026-03-03T12:00:00Z") },
    // Cleared by the owner: not booked any more.
    { callerNumber: "+12125550009", outcome: "", valueCents: 0, setAt: ms("2026-03-03T12:00:00Z") },
  ],
};

const input: SummaryInput = { timeZone: LA, from: "2026-03-01", to: "2026-03-03", averageClientValue: null, closeRatePercent: null };

describe("computeSummary (hand-computed fixture, Los Angeles)", () => {
  const summary = computeSummary(facts, input);

  it("daily series: a call at 23:30 in Los Angeles counts on that local day, not on the UTC day", () => {
    expect(summary.daily).toEqual([
      { date: "2026-03-01", calls: 1, missed: 1, texted: 1, delivered: 1, replies: 0 },
      { date: "2026-03-02", calls: 3, missed: 3, texted: 1, delivered: 1, replies: 2 },
      { date: "2026-03-03", calls: 5, missed: 4, texted: 1, delivered: 0, replies: 1 },
    ]);
  });

  it("totals are the sum of the days; calls outside the range are left out", () => {
    expect(summary.totals).toEqual({ calls: 9, missed: 8, texted: 3, delivered: 2, replies: 3 });
    expect(summary.range).toEqual({ from: "2026-03-01", to: "2026-03-03", timeZone: LA });
  });

  it("text-back rate = texted / missed, and every missed call not texted is accounted for by cause", () => {
    expect(summary.textBack).toEqual({
      rate: 0.375,
      missed: 8,
      texted: 3,
      notTexted: { suppressed: { duplicate_window: 1, cap_reached: 1 }, noCallerId: 1, failed: 1, pending: 1 },
    });
  });

  it("seconds from the missed call to sent: median of 2, 4, 6 is 4; p95 (nearest rank) is 6", () => {
    expect(summary.secondsToSent).toEqual({ count: 3, medianSeconds: 4, p95Seconds: 6 });
  });

  it("seconds from the missed call to delivered: median of 5 and 9 is 7; p95 is 9", () => {
    expect(summary.secondsToDelivered).toEqual({ count: 2, medianSeconds: 7, p95Seconds: 9 });
  });

  it("callers who replied: distinct texted callers with a reply after their text (not opt-outs, not callers never texted)", () => {
    expect(summary.callersWhoReplied).toBe(1);
  });

  it("reply rate: of the 3 distinct callers texted (c1, c2, c6), 1 replied", () => {
    expect(summary.callersTexted).toBe(3);
    expect(summary.replyRate).toBe(0.3333);
  });

  it("owner's reply time: from the caller's first reply (09:00) to the owner's next reply to them (09:02), not earlier or later ones", () => {
    expect(summary.secondsToOwnerReply).toEqual({ count: 1, medianSeconds: 120, p95Seconds: 120 });
  });

  it("booked: conversations whose latest outcome is booked, with their values summed (lost and cleared left out)", () => {
    expect(summary.booked).toEqual({ count: 2, valueCents: 25_000 });
  });

  it("revenue: callers who replied x close rate x average value, with the calculator's defaults until set", () => {
    expect(summary.revenue).toEqual({ estimated: 125, averageClientValue: 500, closeRatePercent: 25, usesDefaults: true });
    expect(computeSummary(facts, { ...input, averageClientValue: 1_000, closeRatePercent: 30 }).revenue).toEqual({
      estimated: 300,
      averageClientValue: 1_000,
      closeRatePercent: 30,
      usesDefaults: false,
    });
  });

  it("given no calls, then a null rate and empty distributions, and every day of the range listed with zeros", () => {
    const empty = computeSummary({ calls: [], texts: [], suppressions: [], inbound: [], ownerReplies: [], outcomes: [] }, input);
    expect(empty.textBack.rate).toBeNull();
    expect(empty.replyRate).toBeNull();
    expect(empty.secondsToOwnerReply).toEqual({ count: 0, medianSeconds: null, p95Seconds: null });
    expect(empty.booked).toEqual({ count: 0, valueCents: 0 });
    expect(empty.secondsToSent).toEqual({ count: 0, medianSeconds: null, p95Seconds: null });
    expect(empty.daily.map((day) => day.date)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(empty.revenue.estimated).toBe(0);
  });

  it("a Kolkata business (+05:30): 18:45Z is the next local day", () => {
    const kolkata = computeSummary(
      {
        calls: [{ callId: "k", callerNumber: "+919800000000", answered: false, textable: true, occurredAt: ms("2026-03-01T18:45:00Z") }],
        texts: [],
        suppressions: [],
        inbound: [],
        ownerReplies: [],
        outcomes: [],
      },
      { ...input, timeZone: "Asia/Kolkata", from: "2026-03-01", to: "2026-03-02" },
    );
    expect(kolkata.daily.map((day) => [day.date, day.calls])).toEqual([
      ["2026-03-01", 0],
      ["2026-03-02", 1],
    ]);
  });
});

describe("distribution", () => {
  it("median of an odd count is the middle value; p95 of 20 values is the 19th", () => {
    const values = Array.from({ length: 20 }, (_unused, index) => (index + 1) * 1000);
    expect(distribution([3000, 1000, 2000])).toEqual({ count: 3, medianSeconds: 2, p95Seconds: 3 });
    expect(distribution(values)).toEqual({ count: 20, medianSeconds: 10.5, p95Seconds: 19 });
  });
});
