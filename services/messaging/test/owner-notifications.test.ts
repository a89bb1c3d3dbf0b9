// Callers' replies and voicemails reach the owner (docs/conversations.md section 5): in the batched
// alert e-mail (the transcript, a link to the thread) and, when the owner turned it on, as a text to
// their own mobile, at most one per conversation per gap (a moved clock).
import { timestampFromDate } from "@rebound/contracts";
import { FakeClock } from "@rebound/testing";
import { randomUUID } from "node:crypto";
import { conversationIdOf } from "../src/domain/conversation-thread";
import { MESSAGING_JOBS } from "../src/service";
import { settingsPayload } from "./support/events";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

jest.setTimeout(60_000);

const MINUTE = 60_000;

describe("owner notifications for replies and voicemails", () => {
  let h: Harness;
  const clock = new FakeClock("2026-03-02T15:00:00Z");
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());

  const emailJob = () => h.job(MESSAGING_JOBS.ownerAlerts)();
  const forwardJob = () => h.job(MESSAGING_JOBS.inboxForwards)();

  async function text(b: { dedicated: string }, from: string, body: string) {
    const response = await h.post("/webhooks/twilio/sms", { MessageSid: `SMnotify${++sequence}`, From: from, To: b.dedicated, Body: body });
    expect(response.status).toBe(200);
  }

  async function voicemail(b: { businessId: string; dedicated: string }, caller: string, seconds: number, transcript?: string) {
    const recorded = { businessId: b.businessId, voicemailId: randomUUID(), callerNumber: caller };
    await h.publish("VoicemailRecorded", b.businessId, {
      ...recorded,
      callId: `notify-call-${++sequence}`,
      callSid: `CA${sequence}`,
      dedicatedNumber: b.dedicated,
      recordingSid: `RE${sequence}`,
      accountSid: "AC1",
      durationSeconds: seconds,
      recordedAt: timestampFromDate(clock.now()),
    });
    await waitUntil(async () => (await h.db.client.ownerAlert.count({ where: { sourceId: `voicemail:${recorded.voicemailId}` } })) === 1);
    if (transcript === undefined) return;
    await h.publish("VoicemailTranscribed", b.businessId, { ...recorded, transcript, transcribedAt: timestampFromDate(clock.now()) });
    await waitUntil(
      async () => (await h.db.client.ownerAlert.findUnique({ where: { sourceId: `voicemail:${recorded.voicemailId}` } }))?.message === transcript,
    );
  }

  const mailsTo = (to: string) => h.mailer.sent.filter((mail) => mail.to === to);
  const textsTo = (to: string) => h.provider.accepted.filter((message) => message.to === to);

  it("e-mails a reply and a voicemail with its transcript, each with a link to its thread", async () => {
    clock.advance(60 * MINUTE);
    const b = newBusiness({ name: "Acme Plumbing", ownerEmail: "inbox@acme.example", settings: { ownerAlertsEnabled: true } });
    await h.seedBusiness(b, b.dedicated);
    await text(b, "+14155550123", "Can you come at 3?");
    await voicemail(b, "+14155550177", 42, "Hi, the sink under the kitchen is leaking, please call back.");
    // STOP, START and HELP are not replies for the owner.
    await text(b, "+14155550188", "STOP");

    await emailJob();

    const [mail, ...more] = mailsTo("inbox@acme.example");
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Rebound: 2 new messages from callers");
    expect(mail?.text).toContain("Callers answered Acme Plumbing 2 times:");
    expect(mail?.text).toContain("- (415) 555-0123 at Mar 2, 2026, 11:00 AM\n  Can you come at 3?");
    expect(mail?.text).toContain("Voicemail (0:42): Hi, the sink under the kitchen is leaking, please call back.");
    expect(mail?.text).toContain(`/app/inbox/${conversationIdOf(b.businessId, "+14155550123")}`);
    expect(mail?.text).toContain(`/app/inbox/${conversationIdOf(b.businessId, "+14155550177")}`);
    expect(mail?.text).not.toContain("555-0188");
    expect(mail?.html).toContain("Hi, the sink under the kitchen is leaking, please call back.");
    expect(mail?.html).toContain("Answer in your inbox");
  });

  it("holds a voicemail for its transcript, then announces it without one once the wait is over", async () => {
    clock.advance(60 * MINUTE);
    const b = newBusiness({ ownerEmail: "waits@acme.example", settings: { ownerAlertsEnabled: true } });
    await h.seedBusiness(b, b.dedicated);
    await voicemail(b, "+14155550199", 7);

    await emailJob();
    expect(mailsTo("waits@acme.example")).toHaveLength(0);

    clock.advance(2 * MINUTE);
    await emailJob();
    const [mail] = mailsTo("waits@acme.example");
    expect(mail?.subject).toBe("Rebound: voicemail from (415) 555-0199");
    expect(mail?.text).toContain("Voicemail (0:07), no transcript");
  });

  it("texts a reply to the owner's mobile from the business's number, then at most one text per conversation per 5 minutes, the waiting ones together", async () => {
    clock.advance(60 * MINUTE);
    const mobile = "+14155559000";
    const b = newBusiness({ settings: { inboxForwardNumber: mobile } });
    await h.seedBusiness(b, b.dedicated);
    const caller = "+14155550142";
    const thread = `/app/inbox/${conversationIdOf(b.businessId, caller)}`;

    await text(b, caller, "Is Saturday OK?");
    await forwardJob();
    await waitUntil(() => textsTo(mobile).length === 1);
    const [first] = textsTo(mobile);
    expect(first?.from).toBe(b.dedicated);
    expect(first?.body).toBe(`Reply from (415) 555-0142: Is Saturday OK?\nOpen: ${first?.body.split("Open: ")[1]}`);
    expect(first?.body).toMatch(new RegExp(`Open: http://[^ ]+${thread}$`));
    const queued = await h.eventOf("SmsQueued", (p) => p.recipientNumber === mobile);
    expect(queued.businessId).toBe(b.businessId);

    clock.advance(MINUTE);
    await text(b, caller, "Or Sunday morning.");
    await voicemail(b, caller, 12, "It's me again about the weekend.");
    await forwardJob();
    clock.advance(3 * MINUTE);
    await forwardJob();
    expect(textsTo(mobile)).toHaveLength(1);

    // Another caller is another conversation: not held back by the first one's gap.
    await text(b, "+14155550143", "Do you do drains?");
    await forwardJob();
    await waitUntil(() => textsTo(mobile).length === 2);
    expect(textsTo(mobile)[1]?.body).toMatch(/^Reply from \(415\) 555-0143: Do you do drains\?\nOpen: /);

    clock.advance(MINUTE + 1);
    await forwardJob();
    await waitUntil(() => textsTo(mobile).length === 3);
    expect(textsTo(mobile)[2]?.body).toMatch(/^2 messages from \(415\) 555-0142\. Latest: Voicemail \(0:12\): It's me again about the weekend\.\nOpen: /);
    await forwardJob();
    expect(textsTo(mobile)).toHaveLength(3);

    // The forwards are not threads of the inbox: the owner's mobile is no caller.
    const callers = async () =>
      (await h.api<{ conversations: { callerNumber: string }[] }>(b.userId, "GET", "/api/conversations")).body.conversations.map((c) => c.callerNumber).sort();
    await waitUntil(async () => (await callers()).length >= 2);
    await settle(500);
    expect(await callers()).toEqual([caller, "+14155550143"]);
  });

  it("does not forward a text from the owner's own mobile, nor after forwarding was switched off", async () => {
    clock.advance(60 * MINUTE);
    const mobile = "+14155559001";
    const b = newBusiness({ settings: { inboxForwardNumber: mobile } });
    await h.seedBusiness(b, b.dedicated);
    await text(b, mobile, "Testing my own number");
    await text(b, "+14155550144", "Hello?");
    await h.publish("BusinessSettingsUpdated", b.businessId, {
      businessId: b.businessId,
      userId: b.userId,
      settings: settingsPayload({ inboxForwardNumber: "" }),
      updatedAt: timestampFromDate(clock.now()),
    });
    // The read model patches memory right after it stores the settings.
    await waitUntil(async () => {
      const config = await h.db.client.businessConfig.findUnique({ where: { businessId: b.businessId } });
      return (config?.settings as { inboxForwardNumber?: string } | null)?.inboxForwardNumber === "";
    });
    await settle(50);

    await forwardJob();

    expect(textsTo(mobile)).toHaveLength(0);
    const states = await h.db.client.ownerAlert.findMany({ where: { businessId: b.businessId }, select: { callerNumber: true, forwardState: true } });
    expect(states).toEqual([{ callerNumber: "+14155550144", forwardState: "off" }]);
  });
});
