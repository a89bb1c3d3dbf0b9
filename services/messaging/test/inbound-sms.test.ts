import { messagingV1 } from "@rebound/contracts";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { FakeClock } from "@rebound/testing";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

const CALLER = "+15551230001";

describe("inbound SMS and opt-outs", () => {
  let h: Harness;
  const clock = new FakeClock("2026-01-05T15:00:00Z");
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());

  async function business(overrides: Parameters<typeof newBusiness>[0] = {}) {
    const created = newBusiness({ name: "Acme Plumbing", ...overrides });
    await h.seedBusiness(created, created.dedicated);
    return created;
  }

  async function text(b: { dedicated: string }, body: string, from = CALLER) {
    sequence += 1;
    const response = await h.post("/webhooks/twilio/sms", { MessageSid: `SMin${sequence}`, From: from, To: b.dedicated, Body: body });
    return { status: response.status, type: response.headers.get("content-type"), twiml: await response.text() };
  }

  async function missedCall(b: { businessId: string; dedicated: string }, from = CALLER) {
    sequence += 1;
    const callId = `inbound-call-${sequence}`;
    await h.missedCall({ businessId: b.businessId, callId, from, to: b.dedicated });
    return callId;
  }

  it("STOP opts the caller out with only the compliance confirmation; the next missed call is suppressed; START re-enables", async () => {
    const b = await business();
    const stop = await text(b, "  stop ");
    expect(stop.status).toBe(200);
    expect(stop.type).toContain("text/xml");
    expect(stop.twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Acme Plumbing: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.</Message></Response>',
    );
    const optOut = await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId);
    expect(optOut).toMatchObject({ callerNumber: CALLER, keyword: "STOP", source: messagingV1.OptOutSource.KEYWORD });
    await h.eventOf("InboundSmsReceived", (p) => p.businessId === b.businessId && p.kind === messagingV1.InboundKind.OPT_OUT);

    const suppressed = await missedCall(b);
    expect((await h.eventOf("SmsSuppressed", (p) => p.callId === suppressed)).reason).toBe(messagingV1.SuppressionReason.OPTED_OUT);
    expect(h.provider.calls.filter((c) => c.request.from === b.dedicated)).toHaveLength(0);

    const start = await text(b, "START");
    expect(start.twiml).toContain("Acme Plumbing: You are resubscribed");
    await h.eventOf("CallerOptedIn", (p) => p.businessId === b.businessId && p.keyword === "START");
    const texted = await missedCall(b);
    await h.eventOf("SmsSent", (p) => p.callId === texted);
  });

  it.each(["STOPALL", "unsubscribe", "Cancel", "END", "quit"])("treats %s as an opt-out", async (keyword) => {
    const b = await business();
    expect((await text(b, keyword)).twiml).toContain("You are unsubscribed");
    await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId && p.keyword === keyword.toUpperCase());
  });

  it("does not treat a sentence containing stop as an opt-out", async () => {
    const b = await business({ settings: { smsAutoReplyEnabled: false } });
    expect((await text(b, "please stop by tomorrow")).twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await h.eventOf("InboundSmsReceived", (p) => p.businessId === b.businessId && p.kind === messagingV1.InboundKind.OTHER);
    expect(h.recorder.of("CallerOptedOut").filter((e) => e.payload.businessId === b.businessId)).toHaveLength(0);
  });

  it("answers HELP with the business name and how to stop", async () => {
    const b = await business({ phone: "+15550001111" });
    const help = await text(b, "help");
    expect(help.twiml).toContain("Acme Plumbing: automatic replies to missed calls. To reach us, call +15550001111. Reply STOP to unsubscribe.");
    const queued = await h.eventOf("SmsQueued", (p) => p.businessId === b.businessId);
    expect(queued.kind).toBe(messagingV1.SmsKind.HELP);
  });

  it("auto-replies once per window per sender when the SMS auto-reply is on, and records the reply as sent", async () => {
    const b = await business({ settings: { smsAutoReplyEnabled: true, duplicateWindowSeconds: 600 } });
    const first = await text(b, "Are you open today?");
    expect(first.twiml).toContain("<Message>This number does not take replies. Call Acme Plumbing instead.</Message>");
    const second = await text(b, "Hello?");
    expect(second.twiml).not.toContain("<Message>");
    const other = await text(b, "Hi", "+15551230077");
    expect(other.twiml).toContain("<Message>");

    clock.advance(600_000);
    expect((await text(b, "Anyone?")).twiml).toContain("<Message>");
    await waitUntil(async () => (await h.db.client.smsLog.count({ where: { businessId: b.businessId, kind: "auto_reply" } })) === 3);
    const rows = await h.db.client.smsLog.findMany({ where: { businessId: b.businessId } });
    expect(rows.every((row) => row.status === "sent" && row.senderNumber === b.dedicated)).toBe(true);
  });

  it("does not auto-reply when the auto-reply is off", async () => {
    const b = await business({ settings: { smsAutoReplyEnabled: false } });
    expect((await text(b, "Hello")).twiml).not.toContain("<Message>");
  });

  it("answers 200 with empty TwiML to a number of no known business, and records a retried webhook once", async () => {
    const unknown = await text({ dedicated: "+15550009999" }, "STOP");
    expect(unknown.status).toBe(200);
    expect(unknown.twiml).not.toContain("<Message>");

    const b = await business();
    const form = { MessageSid: "SMdup1", From: CALLER, To: b.dedicated, Body: "STOP" };
    await h.post("/webhooks/twilio/sms", form);
    await h.post("/webhooks/twilio/sms", form);
    await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId);
    await settle();
    expect(h.recorder.of("InboundSmsReceived").filter((e) => e.payload.businessId === b.businessId)).toHaveLength(1);
  });

  it("answers a webhook without its fields with empty TwiML (never a JSON error) and records nothing", async () => {
    const count = async () => (await h.database.query<{ n: number }>("SELECT count(*)::int AS n FROM messaging.inbound_sms"))[0]?.n;
    const before = await count();
    const response = await h.post("/webhooks/twilio/sms", { Body: "hi" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/xml");
    expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await count()).toBe(before);
  });

  it("records an opt-out when the provider refuses a send with 21610, and texts that caller no more", async () => {
    const b = await business();
    h.provider.failNext(new TelephonyProviderError("Attempt to send to unsubscribed recipient", { code: "21610", httpStatus: 400, retryable: false }));
    const refused = await missedCall(b, "+15551234321");

    const failed = await h.eventOf("SmsStatusChanged", (p) => p.callId === refused);
    expect(failed).toMatchObject({ status: messagingV1.SmsStatus.FAILED, errorCode: "21610" });
    const optOut = await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId);
    expect(optOut).toMatchObject({ callerNumber: "+15551234321", source: messagingV1.OptOutSource.CARRIER });

    clock.advance(2 * 86_400_000);
    const next = await missedCall(b, "+15551234321");
    expect((await h.eventOf("SmsSuppressed", (p) => p.callId === next)).reason).toBe(messagingV1.SuppressionReason.OPTED_OUT);
  });
});
