import { messagingV1 } from "@rebound/contracts";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

const tooManyRequests = () => new TelephonyProviderError("Too Many Requests", { code: "20429", httpStatus: 429, retryable: true });

describe("delivery: provider sends and status callbacks", () => {
  let h: Harness;
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging({ config: { MESSAGING_SEND_TIMEOUT_MS: 200, MESSAGING_SEND_MAX_ATTEMPTS: 3 } });
  });
  afterAll(() => h.stop());

  async function textedCall() {
    const b = newBusiness();
    await h.seedBusiness(b, b.dedicated);
    sequence += 1;
    const callId = `delivery-call-${sequence}`;
    await h.missedCall({ businessId: b.businessId, callId, from: `+1555123${String(sequence).padStart(4, "0")}`, to: b.dedicated });
    return { b, callId };
  }

  const status = (sid: string, messageStatus: string, extra: Record<string, string> = {}) =>
    h.post("/webhooks/twilio/status", { MessageSid: sid, MessageStatus: messageStatus, ...extra });
  const rowOf = (callId: string) => h.db.client.smsLog.findUnique({ where: { callId } });

  it("applies callbacks forward only: delivered then a late sent leaves it delivered", async () => {
    const { callId } = await textedCall();
    const { providerSid } = await h.eventOf("SmsSent", (p) => p.callId === callId);

    expect((await status(providerSid, "delivered")).status).toBe(204);
    expect((await status(providerSid, "sent")).status).toBe(204);
    expect((await status(providerSid, "queued")).status).toBe(204);
    expect((await status(providerSid, "failed", { ErrorCode: "30003" })).status).toBe(204);

    expect((await rowOf(callId))?.status).toBe("delivered");
    const changes = h.recorder.of("SmsStatusChanged").filter((e) => e.payload.callId === callId);
    expect(changes.map((e) => e.payload.status)).toEqual([messagingV1.SmsStatus.DELIVERED]);
  });

  it("records undelivered with the provider's error", async () => {
    const { callId } = await textedCall();
    const { providerSid } = await h.eventOf("SmsSent", (p) => p.callId === callId);
    await status(providerSid, "undelivered", { ErrorCode: "30003", ErrorMessage: "Unreachable destination handset" });

    const change = await h.eventOf("SmsStatusChanged", (p) => p.callId === callId);
    expect(change).toMatchObject({ status: messagingV1.SmsStatus.UNDELIVERED, errorCode: "30003" });
    expect(await rowOf(callId)).toMatchObject({ status: "undelivered", errorCode: "30003", errorMessage: "Unreachable destination handset" });
  });

  it("records a callback about a text this process did not send (another replica's) from the row, as about its own", async () => {
    const { callId } = await textedCall();
    const { providerSid, smsId } = await h.eventOf("SmsSent", (p) => p.callId === callId);
    await waitUntil(() => h.service.deps.sentTexts.find(providerSid) !== undefined);
    h.service.deps.sentTexts.forget(providerSid);
    expect((await status(providerSid, "delivered")).status).toBe(204);

    const change = await h.eventOf("SmsStatusChanged", (p) => p.callId === callId);
    expect(change).toMatchObject({ smsId, providerSid, status: messagingV1.SmsStatus.DELIVERED });
    expect((await rowOf(callId))?.status).toBe("delivered");
  });

  it("forgets a text once a callback gives its final status", async () => {
    const { callId } = await textedCall();
    const { providerSid } = await h.eventOf("SmsSent", (p) => p.callId === callId);
    await waitUntil(() => h.service.deps.sentTexts.find(providerSid) !== undefined);
    await status(providerSid, "sent");
    expect(h.service.deps.sentTexts.find(providerSid)).toBeDefined();
    await status(providerSid, "delivered");
    expect(h.service.deps.sentTexts.find(providerSid)).toBeUndefined();
    expect(await h.eventOf("SmsStatusChanged", (p) => p.callId === callId && p.status === messagingV1.SmsStatus.DELIVERED)).toBeDefined();
  });

  it("ignores a callback for an unknown sid with 204", async () => {
    const before = h.recorder.of("SmsStatusChanged").length;
    expect((await status("SMunknown", "delivered")).status).toBe(204);
    await settle(100);
    expect(h.recorder.of("SmsStatusChanged")).toHaveLength(before);
  });

  it("records an opt-out when a status callback reports 21610", async () => {
    const { b, callId } = await textedCall();
    const { providerSid } = await h.eventOf("SmsSent", (p) => p.callId === callId);
    const { recipientNumber } = await h.eventOf("SmsQueued", (p) => p.callId === callId);
    await status(providerSid, "failed", { ErrorCode: "21610", ErrorMessage: "Unsubscribed recipient" });

    const optOut = await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId && p.source === messagingV1.OptOutSource.CARRIER);
    expect(optOut.callerNumber).toBe(recipientNumber);
  });

  it("retries a 429 with backoff and sends once", async () => {
    h.provider.failNext(tooManyRequests());
    const { b, callId } = await textedCall();

    await h.eventOf("SmsSent", (p) => p.callId === callId);
    const calls = h.provider.calls.filter((c) => c.request.from === b.dedicated);
    expect(calls).toHaveLength(2);
    expect(h.provider.accepted.filter((m) => m.from === b.dedicated)).toHaveLength(1);
    expect((await rowOf(callId))?.status).toBe("sent");
  });

  it("gives up after the bounded attempts and records the failure", async () => {
    h.provider.failNext(tooManyRequests(), tooManyRequests(), tooManyRequests());
    const { b, callId } = await textedCall();

    const failed = await h.eventOf("SmsStatusChanged", (p) => p.callId === callId);
    expect(failed).toMatchObject({ status: messagingV1.SmsStatus.FAILED, errorMessage: "Too Many Requests", errorCode: "20429" });
    expect(h.provider.calls.filter((c) => c.request.from === b.dedicated)).toHaveLength(3);
    expect((await rowOf(callId))?.status).toBe("failed");
  });

  it("does not retry an invalid number", async () => {
    h.provider.failNext(new TelephonyProviderError("Invalid 'To' Phone Number", { code: "21211", httpStatus: 400, retryable: false }));
    const { b, callId } = await textedCall();

    await h.eventOf("SmsStatusChanged", (p) => p.callId === callId && p.status === messagingV1.SmsStatus.FAILED);
    await settle(100);
    expect(h.provider.calls.filter((c) => c.request.from === b.dedicated)).toHaveLength(1);
  });

  it("after a timeout, asks the provider before retrying and does not send twice when it had the text", async () => {
    h.provider.acceptButHangNext();
    const { b, callId } = await textedCall();

    const sent = await h.eventOf("SmsSent", (p) => p.callId === callId);
    expect(h.provider.calls.filter((c) => c.request.from === b.dedicated)).toHaveLength(1);
    expect(h.provider.findQueries.some((q) => q.from === b.dedicated)).toBe(true);
    expect(sent.providerSid).toBe(h.provider.accepted.find((m) => m.from === b.dedicated)?.sid);
  });

  it("applies a callback that arrives before the acceptance was recorded", async () => {
    const b = newBusiness();
    await h.seedBusiness(b, b.dedicated);
    const callbacks: Promise<Response>[] = [];
    h.provider.onSend = () => {
      // The carrier calls back as soon as it accepted, before our send request returned.
      const sid = `SM${String(h.provider.accepted.length + 1).padStart(32, "0")}`;
      setImmediate(() => callbacks.push(status(sid, "delivered")));
    };
    await h.missedCall({ businessId: b.businessId, callId: "early-callback", from: "+15551239876", to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === "early-callback");
    h.provider.onSend = undefined;
    await waitUntil(() => callbacks.length === 1);
    await Promise.all(callbacks);

    expect((await rowOf("early-callback"))?.status).toBe("delivered");
  });
});
