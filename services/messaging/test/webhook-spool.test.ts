// The SMS webhook while the database is away (issue 29): Twilio never retries it, so the text waits in
// the spool on disk; a STOP stops texts to that caller at once (memory) and is recorded, with its real
// time and without a reply recorded as sent, when the database is back.
import { messagingV1 } from "@rebound/contracts";
import { drainWebhookSpool } from "../src/webhook-spool/webhook-spool";
import { newBusiness, startMessaging, type Harness } from "./support/messaging-harness";

jest.setTimeout(60_000);

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("SMS webhooks and status callbacks while the database is unreachable", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMessaging();
  });
  afterAll(() => h.stop());

  it("given a STOP while the database refuses, then an empty answer, the caller opted out in memory at once, and recorded once when the database is back", async () => {
    const b = newBusiness();
    await h.seedBusiness(b, b.dedicated);
    const caller = "+14165550188";
    const deps = h.service.deps;
    const real = deps.db.transaction.bind(deps.db);
    deps.db.transaction = (() => Promise.reject(refused())) as typeof deps.db.transaction;
    const before = Date.now();

    const response = await h.post("/webhooks/twilio/sms", { MessageSid: "SMspool1", From: caller, To: b.dedicated, Body: "STOP" });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await deps.webhookSpool.size()).toBe(1);
    expect(deps.readModel.isOptedOut(b.businessId, caller)).toBe(true);
    await drainWebhookSpool(deps);
    expect(await deps.webhookSpool.size()).toBe(1);

    deps.db.transaction = real;
    await drainWebhookSpool(deps);
    await drainWebhookSpool(deps);

    expect(await deps.webhookSpool.size()).toBe(0);
    const optedOut = await h.eventOf("CallerOptedOut", (p) => p.callerNumber === caller);
    expect(optedOut.businessId).toBe(b.businessId);
    const inbound = await h.db.client.inboundSms.findMany({ where: { messageSid: "SMspool1" } });
    expect(inbound).toHaveLength(1);
    expect(inbound[0]!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(inbound[0]!.receivedAt.getTime()).toBeLessThan(before + 1_000);
    // No confirmation was sent by us (the webhook answered empty): none is recorded as sent.
    expect(await h.db.client.smsLog.count({ where: { businessId: b.businessId, recipientNumber: caller } })).toBe(0);
  });

  it("given a delivery status callback while the database refuses, then 204 and the status is recorded when the database is back", async () => {
    const b = newBusiness();
    await h.seedBusiness(b, b.dedicated);
    const callId = "spool-status-call";
    await h.missedCall({ businessId: b.businessId, callId, from: "+14165550199", to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === callId);
    const sid = h.provider.accepted.find((message) => message.to === "+14165550199")?.sid ?? "";
    const deps = h.service.deps;
    const real = deps.db.sqlTransaction.bind(deps.db);
    deps.db.sqlTransaction = (() => Promise.reject(refused())) as typeof deps.db.sqlTransaction;

    const response = await h.post("/webhooks/twilio/status", { MessageSid: sid, MessageStatus: "delivered" });

    expect(response.status).toBe(204);
    expect(await deps.webhookSpool.size()).toBe(1);
    deps.db.sqlTransaction = real;
    await drainWebhookSpool(deps);
    const changed = await h.eventOf("SmsStatusChanged", (p) => p.status === messagingV1.SmsStatus.DELIVERED && p.businessId === b.businessId);
    expect(changed).toBeDefined();
    expect(await deps.webhookSpool.size()).toBe(0);
  });
});
