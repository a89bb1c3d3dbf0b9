// The same path against the real carrier simulator of the platform: it accepts the send and
// calls our status webhook back (queued -> sent -> delivered), as Twilio does. It blocks texts from
// unregistered US numbers to US callers (30034) as carriers do: the harness registers each business.
import { messagingV1 } from "@rebound/contracts";
import { newBusiness, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

describe("against the carrier simulator", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startMessaging({ simulator: true });
  });
  afterAll(() => h.stop());

  it("texts a missed caller once and records the delivery the carrier reports", async () => {
    const b = newBusiness({ name: "Sim Plumbing" });
    await h.seedBusiness(b, b.dedicated);
    await h.missedCall({ businessId: b.businessId, callId: "sim-1", from: "+15551230001", to: b.dedicated });

    const delivered = await h.eventOf("SmsStatusChanged", (p) => p.callId === "sim-1" && p.status === messagingV1.SmsStatus.DELIVERED);
    const messages = h.simulator?.listMessages("+15551230001") ?? [];
    expect(messages.map((m) => [m.from, m.body])).toEqual([[b.dedicated, "Thanks for calling Sim Plumbing! We'll call you back soon."]]);
    expect(delivered.providerSid).toBe(messages[0]?.sid);
    expect((await h.db.client.smsLog.findUnique({ where: { callId: "sim-1" } }))?.status).toBe("delivered");
  });

  it("records undelivered with the carrier's error for a number that cannot receive", async () => {
    const b = newBusiness();
    await h.seedBusiness(b, b.dedicated);
    await h.missedCall({ businessId: b.businessId, callId: "sim-2", from: "+15551230000", to: b.dedicated });

    await waitUntil(async () => (await h.db.client.smsLog.findUnique({ where: { callId: "sim-2" } }))?.status === "undelivered");
    const row = await h.db.client.smsLog.findUnique({ where: { callId: "sim-2" } });
    expect(row?.errorCode).toBe("30003");
  });

  it("records the carrier's 30034 for a business not registered for US texting (with TEXTING_REGISTRATION_REQUIRED off, it is sent)", async () => {
    const unregistered = await startMessaging({ simulator: true, telephony: { TEXTING_REGISTRATION_REQUIRED: false } });
    try {
      const b = newBusiness();
      await unregistered.seedBusiness(b, b.dedicated, { registered: false });
      await unregistered.missedCall({ businessId: b.businessId, callId: "sim-3", from: "+15551230002", to: b.dedicated });

      const blocked = await unregistered.eventOf("SmsStatusChanged", (p) => p.callId === "sim-3" && p.status === messagingV1.SmsStatus.UNDELIVERED);
      expect(blocked.errorCode).toBe("30034");
      expect(await unregistered.db.client.smsLog.findUnique({ where: { callId: "sim-3" } })).toMatchObject({ status: "undelivered", errorCode: "30034" });
    } finally {
      await unregistered.stop();
    }
  });
});
