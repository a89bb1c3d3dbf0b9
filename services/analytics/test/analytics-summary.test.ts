import { analyticsSummaryResponseSchema, type AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { messagingV1 } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { AnalyticsHarness } from "./support/analytics-harness";
import { businessCreated, inbound, missedCall, outcomeSet, ownerReply, settingsUpdated } from "./support/history";

describe("GET /api/analytics/summary", () => {
  let harness: AnalyticsHarness;
  const owner = { businessId: randomUUID(), userId: randomUUID(), timeZone: "America/Los_Angeles" };

  beforeAll(async () => {
    // 2026-03-10 10:00 in Los Angeles: the default range is 2026-02-09..2026-03-10.
    harness = await AnalyticsHarness.start({ now: "2026-03-10T17:00:00Z" });
    await harness.publish([
      businessCreated({ ...owner, at: new Date("2026-01-01T00:00:00Z") }),
      // 23:30 on 2026-03-01 in Los Angeles.
      ...missedCall({
        businessId: owner.businessId,
        at: new Date("2026-03-02T07:30:00Z"),
        callerNumber: "+12125550001",
        outcome: "delivered",
        sentAfterMs: 2_000,
        deliveredAfterMs: 5_000,
        replyAfterMs: 60_000,
      }).events,
      ...missedCall({ businessId: owner.businessId, at: new Date("2026-03-02T18:00:00Z"), outcome: { suppressed: messagingV1.SuppressionReason.OPTED_OUT } })
        .events,
      // Before the default range.
      ...missedCall({ businessId: owner.businessId, at: new Date("2026-01-15T18:00:00Z"), outcome: "delivered" }).events,
    ]);
    await harness.caughtUp();
  });
  afterAll(async () => {
    await harness.stop();
  });

  async function summary(query: string, userId = owner.userId): Promise<AnalyticsSummaryResponse> {
    const { status, body } = await harness.request<AnalyticsSummaryResponse>(`/api/analytics/summary${query}`, { id: userId });
    expect(status).toBe(200);
    return analyticsSummaryResponseSchema.parse(body);
  }

  it("given no range, then the last 30 local days including today, the call at 23:30 on its local day, and the calculator's defaults", async () => {
    const body = await summary("");

    expect(body.range).toEqual({ from: "2026-02-09", to: "2026-03-10", timeZone: "America/Los_Angeles" });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.find((day) => day.date === "2026-03-01")).toEqual({ date: "2026-03-01", calls: 1, missed: 1, texted: 1, delivered: 1, replies: 1 });
    expect(body.daily.find((day) => day.date === "2026-03-02")).toEqual({ date: "2026-03-02", calls: 1, missed: 1, texted: 0, delivered: 0, replies: 0 });
    expect(body.totals).toEqual({ calls: 2, missed: 2, texted: 1, delivered: 1, replies: 1 });
    expect(body.textBack).toEqual({ rate: 0.5, missed: 2, texted: 1, notTexted: { suppressed: { opted_out: 1 }, noCallerId: 0, failed: 0, pending: 0 } });
    expect(body.secondsToSent).toEqual({ count: 1, medianSeconds: 2, p95Seconds: 2 });
    expect(body.secondsToDelivered).toEqual({ count: 1, medianSeconds: 5, p95Seconds: 5 });
    expect(body.callersWhoReplied).toBe(1);
    expect(body.revenue).toEqual({ estimated: 125, averageClientValue: 500, closeRatePercent: 25, usesDefaults: true });
    expect(body.callersTexted).toBe(1);
    expect(body.replyRate).toBe(1);
    expect(body.secondsToOwnerReply).toEqual({ count: 0, medianSeconds: null, p95Seconds: null });
    expect(body.booked).toEqual({ count: 0, valueCents: 0 });
  });

  it("given texted callers who replied, the owner's replies and outcomes marked, re-marked and cleared, then the reply rate, the owner's median reply time and what was booked", async () => {
    const shop = { businessId: randomUUID(), userId: randomUUID(), timeZone: "America/Los_Angeles" };
    const caller = (n: number) => `+1212555020${n}`;
    const call = (n: number, at: string, replyAfterMs?: number) =>
      missedCall({ businessId: shop.businessId, at: new Date(at), callerNumber: caller(n), outcome: "delivered", sentAfterMs: 1_000, replyAfterMs }).events;
    await harness.publish([
      businessCreated({ ...shop, at: new Date("2026-01-01T00:00:00Z") }),
      // Caller 1 replies 1 min after their text (sent 18:00:01): first reply 18:01:01; the owner answers at 18:03:01 (120 s) and later again.
      ...call(1, "2026-03-03T18:00:00Z", 60_000),
      ...ownerReply(shop.businessId, caller(1), new Date("2026-03-03T18:03:01Z")),
      ...ownerReply(shop.businessId, caller(1), new Date("2026-03-03T19:00:00Z")),
      // Caller 2 replies; the owner answers 10 min later (600 s).
      ...call(2, "2026-03-04T18:00:00Z", 60_000),
      ...ownerReply(shop.businessId, caller(2), new Date("2026-03-04T18:11:01Z")),
      // Caller 3 replies; no answer yet: not timed.
      ...call(3, "2026-03-05T18:00:00Z", 60_000),
      // Caller 4 only says STOP: texted, not a reply.
      ...call(4, "2026-03-06T18:00:00Z"),
      inbound(shop.businessId, caller(4), new Date("2026-03-06T18:05:00Z"), messagingV1.InboundKind.OPT_OUT, "STOP"),
      // Outcomes: 1 booked at $250; 2 booked, then re-marked booked at $400; 3 booked then cleared; 4 lost.
      outcomeSet(shop.businessId, caller(1), new Date("2026-03-07T18:00:00Z"), messagingV1.ConversationOutcome.BOOKED, 25_000),
      outcomeSet(shop.businessId, caller(2), new Date("2026-03-07T18:00:00Z"), messagingV1.ConversationOutcome.BOOKED, 10_000),
      outcomeSet(shop.businessId, caller(2), new Date("2026-03-08T18:00:00Z"), messagingV1.ConversationOutcome.BOOKED, 40_000),
      outcomeSet(shop.businessId, caller(3), new Date("2026-03-08T18:00:00Z"), messagingV1.ConversationOutcome.UNSPECIFIED),
      outcomeSet(shop.businessId, caller(3), new Date("2026-03-07T18:00:00Z"), messagingV1.ConversationOutcome.BOOKED, 99_000),
      outcomeSet(shop.businessId, caller(4), new Date("2026-03-07T18:00:00Z"), messagingV1.ConversationOutcome.LOST),
    ]);
    await harness.caughtUp();

    const body = await summary("", shop.userId);

    expect(body.callersTexted).toBe(4);
    expect(body.callersWhoReplied).toBe(3);
    expect(body.replyRate).toBe(0.75);
    expect(body.secondsToOwnerReply).toEqual({ count: 2, medianSeconds: 360, p95Seconds: 600 });
    expect(body.booked).toEqual({ count: 2, valueCents: 65_000 });
    // Outcomes set after the range count in the range they were set in.
    expect((await summary("?from=2026-03-01&to=2026-03-06", shop.userId)).booked).toEqual({ count: 0, valueCents: 0 });
  });

  it("given the owner's own revenue inputs in the settings, then the estimate uses them", async () => {
    await harness.publish([settingsUpdated({ ...owner, at: new Date("2026-03-05T00:00:00Z"), averageClientValue: 2_000, closeRatePercent: 10 })]);
    await harness.caughtUp();

    const body = await summary("?from=2026-03-01&to=2026-03-01");

    expect(body.daily).toEqual([{ date: "2026-03-01", calls: 1, missed: 1, texted: 1, delivered: 1, replies: 1 }]);
    expect(body.revenue).toEqual({ estimated: 200, averageClientValue: 2_000, closeRatePercent: 10, usesDefaults: false });
    expect((await summary("?from=2026-03-02&to=2026-03-02")).revenue.estimated).toBe(0);
  });

  it("given a bad range, then 400 with the field's message; another user sees zeros", async () => {
    const reversed = await harness.request<{ message: string }>("/api/analytics/summary?from=2026-03-05&to=2026-03-01", { id: owner.userId });
    const notADate = await harness.request<{ message: string }>("/api/analytics/summary?from=2026-02-30", { id: owner.userId });
    const tooLong = await harness.request<{ message: string }>("/api/analytics/summary?from=2024-01-01&to=2026-03-01", { id: owner.userId });
    const stranger = await summary("?from=2026-03-01&to=2026-03-02", randomUUID());

    expect([reversed.status, notADate.status, tooLong.status]).toEqual([400, 400, 400]);
    expect(reversed.body.message).toBe("From must not be after To");
    expect(notADate.body.message).toBe("From must be a date (YYYY-MM-DD)");
    expect(tooLong.body.message).toBe("The range must be at most 366 days");
    expect(stranger.totals).toEqual({ calls: 0, missed: 0, texted: 0, delivered: 0, replies: 0 });
    expect(stranger.callersWhoReplied).toBe(0);
  });

  it("given calls not texted while US texting waits for approval, then they count among suppressed as registration_pending", async () => {
    const waiting = { businessId: randomUUID(), userId: randomUUID() };
    await harness.publish([
      businessCreated({ ...waiting, at: new Date("2026-01-01T00:00:00Z") }),
      ...missedCall({
        businessId: waiting.businessId,
        at: new Date("2026-03-03T18:00:00Z"),
        outcome: { suppressed: messagingV1.SuppressionReason.REGISTRATION_PENDING },
      }).events,
      ...missedCall({
        businessId: waiting.businessId,
        at: new Date("2026-03-04T18:00:00Z"),
        outcome: { suppressed: messagingV1.SuppressionReason.REGISTRATION_PENDING },
      }).events,
    ]);
    await harness.caughtUp();
    const body = await summary("", waiting.userId);
    expect(body.textBack).toEqual({
      rate: 0,
      missed: 2,
      texted: 0,
      notTexted: { suppressed: { registration_pending: 2 }, noCallerId: 0, failed: 0, pending: 0 },
    });
  });
});
