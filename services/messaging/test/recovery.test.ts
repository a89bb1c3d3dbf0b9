import { messagingV1 } from "@rebound/contracts";
import type { Database } from "@rebound/platform";
import { FakeTelephonyProvider } from "./support/fake-telephony-provider";
import { newBusiness, openTestDatabase, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";
import { MESSAGING_JOBS } from "../src/service";
import type { MessagingDb } from "../src/store/messaging-db";
import { SmsLogRepository } from "../src/store/sms-log.repository";

const FROM = "+15557770001";
const longAgo = () => new Date(Date.now() - 60_000);

/** A row as a process leaves it when it dies between its commit and recording the send. */
async function unfinishedRow(db: MessagingDb, id: string, status: "queued" | "sending", to: string) {
  await db.client.smsLog.create({
    data: {
      id,
      businessId: "biz-crashed",
      callId: `call-${id}`,
      recipientNumber: to,
      senderNumber: FROM,
      message: `Thanks for calling! (${to})`,
      kind: "missed_call",
      status,
      leaseUntil: longAgo(),
      sentAt: longAgo(),
    },
  });
}

describe("crash recovery", () => {
  let database: Database;
  let provider: FakeTelephonyProvider;
  let h: Harness | undefined;

  const ALREADY_SENT = "00000000-0000-4000-8000-000000000001";
  const NEVER_SENT = "00000000-0000-4000-8000-000000000002";
  const NEVER_HANDED_OVER = "00000000-0000-4000-8000-000000000003";

  beforeAll(async () => {
    database = await openTestDatabase();
    provider = new FakeTelephonyProvider();
    // The provider accepted this one before the crash: it must not be sent again.
    provider.preload({ from: FROM, to: "+15550000001", body: "Thanks for calling! (+15550000001)", status: "delivered", createdAt: new Date() });
    h = await startMessaging({
      database,
      provider,
      beforeStart: async (db) => {
        await unfinishedRow(db, ALREADY_SENT, "sending", "+15550000001");
        await unfinishedRow(db, NEVER_SENT, "sending", "+15550000002");
        await unfinishedRow(db, NEVER_HANDED_OVER, "queued", "+15550000003");
      },
    });
  });

  afterAll(async () => {
    await h?.stop();
    await database.close();
  });

  it("does not resend a text the provider already has, and records it with the provider's sid and status", async () => {
    const sent = await h!.eventOf("SmsSent", (p) => p.smsId === ALREADY_SENT);
    expect(sent.providerSid).toBe(provider.accepted[0]?.sid);
    expect(provider.calls.filter((c) => c.request.to === "+15550000001")).toHaveLength(0);
    const row = await h!.db.client.smsLog.findUnique({ where: { id: ALREADY_SENT } });
    expect(row).toMatchObject({ status: "delivered", providerSid: provider.accepted[0]?.sid });
  });

  it("sends exactly once a text that may have reached the provider but did not", async () => {
    await h!.eventOf("SmsSent", (p) => p.smsId === NEVER_SENT);
    expect(provider.calls.filter((c) => c.request.to === "+15550000002")).toHaveLength(1);
  });

  it("sends exactly once a text that was queued and never handed over", async () => {
    await h!.eventOf("SmsSent", (p) => p.smsId === NEVER_HANDED_OVER);
    expect(provider.calls.filter((c) => c.request.to === "+15550000003")).toHaveLength(1);
  });

  it("sends nothing more after another restart", async () => {
    await waitUntil(async () => (await h!.db.client.smsLog.count({ where: { status: { in: ["queued", "sending"] } } })) === 0);
    await h!.stop();
    h = await startMessaging({ database, provider });
    await settle();
    expect(provider.calls).toHaveLength(2);
    expect(provider.accepted).toHaveLength(3);
  });
});

describe("send leases", () => {
  it("are renewed while a send is in flight, so another replica's recovery leaves the text alone", async () => {
    const database = await openTestDatabase();
    const provider = new FakeTelephonyProvider();
    const leaseMs = 1_000;
    const h = await startMessaging({ database, provider, config: { MESSAGING_SEND_LEASE_MS: leaseMs, MESSAGING_SEND_TIMEOUT_MS: 2_500 } });
    try {
      const b = newBusiness();
      await h.seedBusiness(b, b.dedicated);
      provider.acceptButHangNext();
      await h.missedCall({ businessId: b.businessId, callId: "slow-send", from: "+15551110009", to: b.dedicated });
      await waitUntil(() => provider.calls.length === 1);
      const queued = await h.db.client.smsLog.findFirstOrThrow({ where: { callId: "slow-send" } });
      const firstLeaseEnd = queued.leaseUntil!.getTime();

      // Past the lease the row was written with: only renewals keep it.
      await settle(leaseMs + 200);
      await h.job(MESSAGING_JOBS.renewSendLeases)();
      const renewed = await h.db.client.smsLog.findUniqueOrThrow({ where: { id: queued.id } });
      expect(renewed.status).toBe("queued");
      expect(renewed.leaseUntil!.getTime()).toBeGreaterThan(Math.max(firstLeaseEnd, Date.now()));
      // What another replica's recovery claims now: nothing.
      const now = new Date();
      const claimed = await h.db.transaction((tx) =>
        new SmsLogRepository(h.db).claimUnfinished(tx, { now, leaseUntil: new Date(now.getTime() + leaseMs), ignoreLease: false, limit: 10 }),
      );
      expect(claimed).toEqual([]);

      // The hung send times out; the retry finds the text at the provider and records it, once.
      await h.eventOf("SmsSent", (p) => p.callId === "slow-send");
      expect(provider.sentTo("+15551110009")).toHaveLength(1);
      // Recorded texts are no longer this process's to renew: the lease stays cleared.
      await settle(100);
      await h.job(MESSAGING_JOBS.renewSendLeases)();
      expect((await h.db.client.smsLog.findUniqueOrThrow({ where: { id: queued.id } })).leaseUntil).toBeNull();
    } finally {
      await h.stop();
      await database.close();
    }
  });
});

describe("restart", () => {
  it("rebuilds the dispatch config from its own tables, without other services", async () => {
    const database = await openTestDatabase();
    const b = newBusiness({ name: "Rebuilt Co", settings: { smsMessage: "[Business Name] will call you back." } });
    try {
      // One carrier across the restart, as in production (its message sids stay unique).
      const provider = new FakeTelephonyProvider();
      const first = await startMessaging({ database, provider });
      await first.seedBusiness(b, b.dedicated);
      await first.post("/webhooks/twilio/sms", { MessageSid: "SMr1", From: "+15551110001", To: b.dedicated, Body: "STOP" });
      await first.missedCall({ businessId: b.businessId, callId: "before-restart", from: "+15551110002", to: b.dedicated });
      await first.eventOf("SmsSent", (p) => p.callId === "before-restart");
      await first.stop();

      const second = await startMessaging({ database, provider });
      try {
        const call = (callId: string, from: string) => second.missedCall({ businessId: b.businessId, callId, from, to: b.dedicated });
        await call("opted-out", "+15551110001");
        await call("texted-before", "+15551110002");
        await call("new-caller", "+15551110003");

        const reason = async (callId: string) => (await second.eventOf("SmsSuppressed", (p) => p.callId === callId)).reason;
        expect(await reason("opted-out")).toBe(messagingV1.SuppressionReason.OPTED_OUT);
        expect(await reason("texted-before")).toBe(messagingV1.SuppressionReason.DUPLICATE_WINDOW);
        await second.eventOf("SmsSent", (p) => p.callId === "new-caller");
        expect(provider.calls.slice(1).map((c) => c.request)).toEqual([
          expect.objectContaining({ from: b.dedicated, to: "+15551110003", body: "Rebuilt Co will call you back." }),
        ]);
        expect(second.recorder.of("SmsSuppressed").every((e) => e.payload.reason !== messagingV1.SuppressionReason.UNKNOWN_BUSINESS)).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      await database.close();
    }
  });
});
