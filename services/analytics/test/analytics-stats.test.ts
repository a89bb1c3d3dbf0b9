import { analyticsStatsResponseSchema, type AnalyticsStatsResponse } from "@rebound/contracts/domain";
import { messagingV1 } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { AnalyticsHarness, eventually } from "./support/analytics-harness";
import { businessCreated, inbound, missedCall, optedOut, replyText, type HistoryEvent } from "./support/history";

const at = (iso: string) => new Date(iso);

function newOwner() {
  return { businessId: randomUUID(), userId: randomUUID() };
}

describe("GET /api/analytics/stats", () => {
  let harness: AnalyticsHarness;

  beforeAll(async () => {
    harness = await AnalyticsHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  async function statsOf(userId: string, query = ""): Promise<AnalyticsStatsResponse> {
    const { status, body } = await harness.request<AnalyticsStatsResponse>(`/api/analytics/stats${query}`, { id: userId });
    expect(status).toBe(200);
    return analyticsStatsResponseSchema.parse(body);
  }

  it("given missed calls and their texts, then the spec's shape: totals, recent calls with responded, recent texts, newest first", async () => {
    const owner = newOwner();
    const delivered = missedCall({
      businessId: owner.businessId,
      at: at("2026-03-10T15:00:00Z"),
      callerNumber: "+12125550101",
      outcome: "delivered",
      message: "Hi from us",
    });
    const failed = missedCall({ businessId: owner.businessId, at: at("2026-03-10T16:00:00Z"), callerNumber: "+12125550102", outcome: "failed" });
    const suppressed = missedCall({
      businessId: owner.businessId,
      at: at("2026-03-10T17:00:00Z"),
      callerNumber: "+12125550103",
      outcome: { suppressed: messagingV1.SuppressionReason.DUPLICATE_WINDOW },
    });
    await harness.publish([businessCreated(owner), ...delivered.events, ...failed.events, ...suppressed.events]);
    await harness.caughtUp();

    const body = await statsOf(owner.userId);

    expect(body).toEqual({
      stats: { totalCalls: 3, missedCalls: 3, totalSms: 2 },
      recentCalls: [
        { id: suppressed.callId, number: "+12125550103", time: "2026-03-10T17:00:00.000Z", status: "Missed", responded: false },
        { id: failed.callId, number: "+12125550102", time: "2026-03-10T16:00:00.000Z", status: "Missed", responded: false },
        { id: delivered.callId, number: "+12125550101", time: "2026-03-10T15:00:00.000Z", status: "Missed", responded: true },
      ],
      recentSms: [
        {
          id: failed.smsId,
          number: "+12125550102",
          message: "Thanks for calling! We missed your call but will get back to you soon.",
          time: "2026-03-10T16:00:00.030Z",
          status: "failed",
          // the carrier's code, and the owner's words for it
          errorCode: "30003",
          errorDescription: "The caller's phone was unreachable",
        },
        { id: delivered.smsId, number: "+12125550101", message: "Hi from us", time: "2026-03-10T15:00:00.030Z", status: "delivered" },
      ],
    });
  });

  it("given seven calls, then 5 of each by default, ?limit= up to 50, and a limit outside 1-50 is a 400 with its message", async () => {
    const owner = newOwner();
    const calls = Array.from({ length: 7 }, (_unused, index) =>
      missedCall({ businessId: owner.businessId, at: new Date(Date.parse("2026-03-09T10:00:00Z") + index * 60_000), outcome: "sent" }),
    );
    await harness.publish([businessCreated(owner), ...calls.flatMap((call) => call.events)]);
    await harness.caughtUp();

    const byDefault = await statsOf(owner.userId);
    const seven = await statsOf(owner.userId, "?limit=50");
    const tooMany = await harness.request<{ message: string; code: string }>("/api/analytics/stats?limit=51", { id: owner.userId });
    const zero = await harness.request<{ message: string; code: string }>("/api/analytics/stats?limit=0", { id: owner.userId });
    const text = await harness.request<{ message: string; code: string }>("/api/analytics/stats?limit=five", { id: owner.userId });

    expect(byDefault.recentCalls.map((call) => call.id)).toEqual(
      calls
        .slice(2)
        .reverse()
        .map((call) => call.callId),
    );
    expect(byDefault.recentSms).toHaveLength(5);
    expect(byDefault.recentSms.every((sms) => sms.status === "sent")).toBe(true);
    expect(seven.recentCalls).toHaveLength(7);
    expect(seven.stats).toEqual({ totalCalls: 7, missedCalls: 7, totalSms: 7 });
    for (const rejected of [tooMany, zero, text]) {
      expect(rejected.status).toBe(400);
      expect(rejected.body).toMatchObject({ code: "VALIDATION_FAILED", message: "Limit must be a whole number from 1 to 50" });
    }
  });

  it("given another user, then they see zeros and none of the first business's calls (tenant isolation); without a user, 401", async () => {
    const owner = newOwner();
    const other = newOwner();
    await harness.publish([
      businessCreated(owner),
      businessCreated(other),
      ...missedCall({ businessId: owner.businessId, at: at("2026-03-10T12:00:00Z"), outcome: "delivered" }).events,
    ]);
    await harness.caughtUp();

    const mine = await statsOf(owner.userId);
    const theirs = await statsOf(other.userId);
    const stranger = await statsOf(randomUUID());
    const anonymous = await harness.request("/api/analytics/stats");

    expect(mine.stats.totalCalls).toBe(1);
    expect(theirs).toEqual({ stats: { totalCalls: 0, missedCalls: 0, totalSms: 0 }, recentCalls: [], recentSms: [] });
    expect(stranger).toEqual(theirs);
    expect(anonymous.status).toBe(401);
  });

  it("given every event delivered twice (same ids), then nothing counts twice", async () => {
    const owner = newOwner();
    const events: HistoryEvent[] = [
      businessCreated(owner),
      ...missedCall({ businessId: owner.businessId, at: at("2026-03-08T12:00:00Z"), outcome: "delivered" }).events,
      ...missedCall({ businessId: owner.businessId, at: at("2026-03-08T13:00:00Z"), outcome: "undelivered" }).events,
    ];
    await harness.publish(events);
    await harness.caughtUp();
    const once = await statsOf(owner.userId);
    const countersOnce = await harness.service.deps.projections.snapshot();

    await harness.publish(events);
    await harness.caughtUp();
    const twice = await statsOf(owner.userId);
    const countersTwice = await harness.service.deps.projections.snapshot();

    expect(once.stats).toEqual({ totalCalls: 2, missedCalls: 2, totalSms: 2 });
    expect(twice).toEqual(once);
    expect(countersTwice).toEqual(countersOnce);
  });

  it("given a text's events in reverse (delivery before SmsSent before SmsQueued, and before the call), then it ends delivered with its message and the call responded", async () => {
    const owner = newOwner();
    const call = missedCall({
      businessId: owner.businessId,
      at: at("2026-03-10T09:00:00Z"),
      callerNumber: "+12125550177",
      outcome: "delivered",
      message: "Back soon",
    });
    await harness.publish([...call.events].reverse());
    await harness.publish([businessCreated(owner)]);
    await harness.caughtUp();

    const body = await statsOf(owner.userId);

    expect(body.recentSms).toEqual([{ id: call.smsId, number: "+12125550177", message: "Back soon", time: "2026-03-10T09:00:00.030Z", status: "delivered" }]);
    expect(body.recentCalls).toEqual([{ id: call.callId, number: "+12125550177", time: "2026-03-10T09:00:00.000Z", status: "Missed", responded: true }]);
  });

  it("given a late 'sent' status after delivery, then the status does not move backwards", async () => {
    const owner = newOwner();
    const call = missedCall({ businessId: owner.businessId, at: at("2026-03-10T08:00:00Z"), outcome: "delivered" });
    const sent = call.events.find((event) => event.type === "SmsSent")!;
    const lateSent: HistoryEvent = {
      ...sent,
      id: randomUUID(),
      type: "SmsStatusChanged",
      payload: {
        smsId: call.smsId,
        businessId: owner.businessId,
        callId: call.callId,
        providerSid: "SMx",
        status: messagingV1.SmsStatus.SENT,
        changedAt: (sent.payload as { sentAt: never }).sentAt,
      },
    };
    await harness.publish([businessCreated(owner), ...call.events, lateSent]);
    await harness.caughtUp();

    const body = await statsOf(owner.userId);

    expect(body.recentSms[0]?.status).toBe("delivered");
  });

  it("given a cached answer, when a delivery callback's event lands, then the next read shows it (the write drops the cache)", async () => {
    const owner = newOwner();
    const call = missedCall({ businessId: owner.businessId, at: at("2026-03-10T07:00:00Z"), outcome: "delivered" });
    const delivery = call.events[call.events.length - 1]!;
    await harness.publish([businessCreated(owner), ...call.events.slice(0, -1)]);
    await harness.caughtUp();
    const before = await statsOf(owner.userId);

    await harness.publish([delivery]);
    const after = await eventually(async () => {
      const body = await statsOf(owner.userId);
      if (body.recentSms[0]?.status !== "delivered") throw new Error("not delivered yet");
      return body;
    }, 1_000);

    expect(before.recentSms[0]?.status).toBe("sent");
    expect(after.recentSms[0]?.status).toBe("delivered");
  });

  it("given a missed call, then HELP and STOP answers and an auto-reply: totalSms and recentSms count the missed-call text and the auto-reply, not the keyword answers", async () => {
    const owner = newOwner();
    const caller = "+12125550188";
    const call = missedCall({
      businessId: owner.businessId,
      at: at("2026-03-10T05:00:00Z"),
      callerNumber: caller,
      outcome: "delivered",
      message: "Missed you",
    });
    await harness.publish([
      businessCreated(owner),
      ...call.events,
      inbound(owner.businessId, caller, at("2026-03-10T05:01:00Z"), messagingV1.InboundKind.HELP, "HELP"),
      ...replyText(owner.businessId, caller, at("2026-03-10T05:01:00Z"), messagingV1.SmsKind.HELP, "Ada Plumbing: reply STOP to stop."),
      inbound(owner.businessId, caller, at("2026-03-10T05:02:00Z"), messagingV1.InboundKind.OTHER, "Are you open?"),
      ...replyText(owner.businessId, caller, at("2026-03-10T05:02:00Z"), messagingV1.SmsKind.AUTO_REPLY, "This number is for missed call notifications only."),
      ...optedOut(owner.businessId, caller, at("2026-03-10T05:03:00Z")),
      ...replyText(owner.businessId, caller, at("2026-03-10T05:03:00Z"), messagingV1.SmsKind.COMPLIANCE, "You are unsubscribed."),
    ]);
    await harness.caughtUp();

    const body = await statsOf(owner.userId);

    expect(body.stats).toEqual({ totalCalls: 1, missedCalls: 1, totalSms: 2 });
    expect(body.recentSms.map((sms) => sms.message)).toEqual(["This number is for missed call notifications only.", "Missed you"]);
    expect(body.recentCalls).toEqual([expect.objectContaining({ id: call.callId, responded: true })]);
  });

  it("given forwarding-test calls and callers without caller id, then tests are not calls and withheld callers are missed calls nobody could text", async () => {
    const owner = newOwner();
    await harness.publish([
      businessCreated(owner),
      ...missedCall({ businessId: owner.businessId, at: at("2026-03-10T06:00:00Z"), outcome: "forwarding-test" }).events,
      ...missedCall({ businessId: owner.businessId, at: at("2026-03-10T06:30:00Z"), outcome: "no-caller-id" }).events,
    ]);
    await harness.caughtUp();

    const body = await statsOf(owner.userId);

    expect(body.stats).toEqual({ totalCalls: 1, missedCalls: 1, totalSms: 0 });
    expect(body.recentCalls).toEqual([expect.objectContaining({ number: "Anonymous", status: "Missed", responded: false })]);
  });

  it("given failed texts, then each carries its error code and the owner's words beside the unchanged fields; other texts carry neither", async () => {
    const owner = newOwner();
    const blocked = missedCall({ businessId: owner.businessId, at: at("2026-03-11T15:00:00Z"), outcome: "failed", errorCode: "30034" });
    const unknown = missedCall({ businessId: owner.businessId, at: at("2026-03-11T16:00:00Z"), outcome: "failed", errorCode: "39999" });
    const delivered = missedCall({ businessId: owner.businessId, at: at("2026-03-11T17:00:00Z"), outcome: "delivered" });
    await harness.publish([businessCreated(owner), ...blocked.events, ...unknown.events, ...delivered.events]);
    await harness.caughtUp();

    const { body } = await harness.request<{ recentSms: Record<string, unknown>[] }>("/api/analytics/stats", { id: owner.userId });
    const byId = new Map(body.recentSms.map((sms) => [sms.id, sms]));
    expect(byId.get(blocked.smsId)).toMatchObject({ status: "failed", errorCode: "30034", errorDescription: "Blocked by the carrier: texting registration" });
    expect(byId.get(unknown.smsId)).toMatchObject({ status: "failed", errorCode: "39999", errorDescription: null });
    expect(Object.keys(byId.get(delivered.smsId) ?? {}).sort()).toEqual(["id", "message", "number", "status", "time"]);
    expect(analyticsStatsResponseSchema.safeParse(body).success).toBe(true);
  });
});
