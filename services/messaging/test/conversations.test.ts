import { billingV1, messagingV1, timestampFromDate } from "@rebound/contracts";
import {
  CONVERSATION_CHOOSE_PLAN_MESSAGE,
  CONVERSATION_OPTED_OUT_MESSAGE,
  CONVERSATION_REGISTRATION_PENDING_MESSAGE,
  OWNER_REPLY_MAX_LENGTH,
  type ConversationItem,
  type ConversationList,
  type ConversationThread,
} from "@rebound/contracts/domain";
import { INTERNAL_USER_HEADER, signInternalUser } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { conversationIdOf, itemIdOf } from "../src/domain/conversation-thread";
import { subscriptionChanged } from "./support/events";
import { openEventStream } from "./support/event-stream";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

jest.setTimeout(60_000);

describe("the owner's inbox (messaging alone: other services' events in, the API out)", () => {
  let h: Harness;
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging({ conversationStream: { pollMs: 100, keepaliveMs: 300 } });
  });
  afterAll(() => h.stop());

  async function business(options: { registered?: boolean } = {}) {
    const created = newBusiness();
    await h.seedBusiness(created, created.dedicated, options);
    return created;
  }

  async function text(b: { dedicated: string }, from: string, body: string) {
    sequence += 1;
    const response = await h.post("/webhooks/twilio/sms", { MessageSid: `SMconv${sequence}`, From: from, To: b.dedicated, Body: body });
    expect(response.status).toBe(200);
  }

  const list = (userId: string, query = "") => h.api<ConversationList>(userId, "GET", `/api/conversations${query}`);
  const thread = (userId: string, id: string) => h.api<ConversationThread>(userId, "GET", `/api/conversations/${id}`);
  const reply = (userId: string, id: string, body: unknown) =>
    h.api<{ item: ConversationItem; message: string }>(userId, "POST", `/api/conversations/${id}/messages`, body);

  /** Polls the thread until `ready` holds. */
  async function threadWhen(userId: string, id: string, ready: (t: ConversationThread) => boolean): Promise<ConversationThread> {
    let found: ConversationThread | undefined;
    await waitUntil(async () => {
      const response = await thread(userId, id);
      found = response.status === 200 ? response.body : undefined;
      return found !== undefined && ready(found);
    }, 10_000);
    return found as ConversationThread;
  }

  it("given a missed call, its text, the caller's reply and a voicemail with a transcript, then one thread of four items in order; read and outcome as the owner sets them", async () => {
    const b = await business();
    const caller = "+14155550101";
    const id = conversationIdOf(b.businessId, caller);
    await h.missedCall({ businessId: b.businessId, callId: `conv-call-${b.businessId}`, from: caller, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === `conv-call-${b.businessId}`);
    await text(b, caller, "Can you come today?");
    const voicemailId = randomUUID();
    const recorded = { businessId: b.businessId, voicemailId, callerNumber: caller };
    await h.publish("VoicemailRecorded", b.businessId, {
      ...recorded,
      callId: `conv-call-${b.businessId}`,
      callSid: "CA1",
      dedicatedNumber: b.dedicated,
      recordingSid: "RE1",
      accountSid: "AC1",
      durationSeconds: 42,
      recordedAt: timestampFromDate(new Date()),
    });
    await h.publish("VoicemailTranscribed", b.businessId, {
      ...recorded,
      transcript: "Hi, the sink is leaking.",
      transcribedAt: timestampFromDate(new Date()),
    });

    const full = await threadWhen(b.userId, id, (t) => t.items.length === 4 && t.items[3]?.transcript !== undefined && t.items[1]?.status === "sent");
    expect(full).toMatchObject({ id, callerNumber: caller, callerLabel: "(415) 555-0101", optedOut: false, outcome: null, valueCents: null });
    expect(full.items.map((item) => item.kind)).toEqual(["missed_call", "auto_text", "reply_in", "voicemail"]);
    expect(full.items[0]).toEqual({ id: itemIdOf("call", b.businessId, `conv-call-${b.businessId}`), kind: "missed_call", at: expect.any(String) });
    expect(full.items[1]).toMatchObject({ kind: "auto_text", body: "Thanks for calling Acme Plumbing! We'll call you back soon.", status: "sent" });
    expect(full.items[2]).toMatchObject({ kind: "reply_in", body: "Can you come today?" });
    expect(full.items[3]).toEqual({
      id: itemIdOf("voicemail", b.businessId, voicemailId),
      kind: "voicemail",
      at: expect.any(String),
      transcript: "Hi, the sink is leaking.",
      recordingUrl: `/api/voicemails/${voicemailId}/audio`,
      seconds: 42,
    });
    const times = full.items.map((item) => Date.parse(item.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const listed = await list(b.userId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      conversations: [
        {
          id,
          callerNumber: caller,
          callerLabel: "(415) 555-0101",
          lastActivityAt: full.items[3]?.at,
          preview: "Voicemail (0:42)",
          unreadCount: 3,
          optedOut: false,
        },
      ],
      nextCursor: null,
    });
    expect((await list(b.userId, "?filter=unread")).body.conversations.map((c) => c.id)).toEqual([id]);

    expect((await h.api(b.userId, "POST", `/api/conversations/${id}/read`)).status).toBe(204);
    const read = await h.eventOf("ConversationRead", (p) => p.businessId === b.businessId);
    expect(read).toMatchObject({ callerNumber: caller, readUpTo: timestampFromDate(new Date(full.items[3]?.at ?? "")) });
    expect((await list(b.userId)).body.conversations[0]?.unreadCount).toBe(0);
    expect((await list(b.userId, "?filter=unread")).body.conversations).toEqual([]);

    const booked = await h.api<ConversationThread>(b.userId, "PUT", `/api/conversations/${id}/outcome`, { outcome: "booked", valueCents: 45_000 });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ id, outcome: "booked", valueCents: 45_000 });
    const set = await h.eventOf("ConversationOutcomeSet", (p) => p.businessId === b.businessId);
    expect(set).toMatchObject({ callerNumber: caller, outcome: messagingV1.ConversationOutcome.BOOKED, valueCents: 45_000n });
    const cleared = await h.api<ConversationThread>(b.userId, "PUT", `/api/conversations/${id}/outcome`, { outcome: null });
    expect(cleared.body).toMatchObject({ outcome: null, valueCents: null });
    const invalid = await h.api<{ message: string; errors: unknown[] }>(b.userId, "PUT", `/api/conversations/${id}/outcome`, { outcome: "won" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([expect.objectContaining({ field: "outcome" })]);

    await h.publish("VoicemailDeleted", b.businessId, { ...recorded, deletedAt: timestampFromDate(new Date()) });
    const deleted = await threadWhen(b.userId, id, (t) => t.items[3]?.recordingUrl === null);
    expect(deleted.items[3]).toMatchObject({ transcript: "Hi, the sink is leaking.", seconds: 42, recordingUrl: null });
  });

  it("sends the owner's reply from the business's number, account and messaging service as SmsQueued OWNER_REPLY; after STOP it answers 409 until START", async () => {
    const b = await business();
    const caller = "+14155550102";
    const id = conversationIdOf(b.businessId, caller);
    await text(b, caller, "Do you do weekends?");
    await threadWhen(b.userId, id, (t) => t.items.length === 1);

    const sent = await reply(b.userId, id, { body: "  Yes, Saturdays 9-1.  " });
    expect(sent.status).toBe(201);
    expect(sent.body.item).toEqual({ id: expect.any(String), kind: "reply_out", at: expect.any(String), body: "Yes, Saturdays 9-1.", status: "queued" });
    const queued = await h.eventOf("SmsQueued", (p) => p.businessId === b.businessId && p.kind === messagingV1.SmsKind.OWNER_REPLY);
    expect(queued).toMatchObject({ recipientNumber: caller, senderNumber: b.dedicated, body: "Yes, Saturdays 9-1.", callId: "" });
    expect(sent.body.item.id).toBe(itemIdOf("sms", b.businessId, queued.smsId));
    await waitUntil(() => h.provider.sentTo(caller).some((message) => message.body === "Yes, Saturdays 9-1."));
    const request = h.provider.sentTo(caller).find((message) => message.body === "Yes, Saturdays 9-1.");
    expect(request).toMatchObject({ from: b.dedicated, accountSid: expect.stringMatching(/^AC/), messagingServiceSid: expect.stringMatching(/^MG/) });
    expect(request?.statusCallbackUrl).toMatch(/\/webhooks\/twilio\/status$/);
    const after = await threadWhen(b.userId, id, (t) => t.items[1]?.status === "sent");
    expect(after.items.map((item) => item.kind)).toEqual(["reply_in", "reply_out"]);
    expect((await list(b.userId)).body.conversations[0]).toMatchObject({ preview: "Yes, Saturdays 9-1.", unreadCount: 0 });

    expect(await reply(b.userId, id, { body: "   " })).toEqual({ status: 400, body: expect.objectContaining({ message: "Message is required" }) });
    expect((await reply(b.userId, id, {})).status).toBe(400);
    const long = await reply(b.userId, id, { body: "x".repeat(OWNER_REPLY_MAX_LENGTH + 1) });
    expect(long).toEqual({ status: 400, body: expect.objectContaining({ message: `Message must be at most ${OWNER_REPLY_MAX_LENGTH} characters` }) });

    await text(b, caller, "STOP");
    await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId);
    const stopped = await reply(b.userId, id, { body: "Are you sure?" });
    expect(stopped).toEqual({ status: 409, body: expect.objectContaining({ message: CONVERSATION_OPTED_OUT_MESSAGE }) });
    const optedOut = await threadWhen(b.userId, id, (t) => t.optedOut);
    expect(optedOut.items.map((item) => item.kind)).toEqual(["reply_in", "reply_out", "opt_out", "auto_text"]);
    expect(optedOut.items[2]).toMatchObject({ body: "STOP" });
    expect(optedOut.items[3]?.body).toContain("You are unsubscribed");
    expect((await list(b.userId)).body.conversations[0]).toMatchObject({ optedOut: true });

    await text(b, caller, "START");
    await h.eventOf("CallerOptedIn", (p) => p.businessId === b.businessId);
    expect((await reply(b.userId, id, { body: "Welcome back" })).status).toBe(201);
  });

  it("answers 409 to a US caller while the business's US texting registration is not approved (a Canadian caller is texted), and 402 without a subscription in good standing", async () => {
    const b = await business({ registered: false });
    const us = "+14155550103";
    const canada = "+14165550103";
    await text(b, us, "Hello?");
    await text(b, canada, "Hello from Toronto");
    const usId = conversationIdOf(b.businessId, us);
    const canadaId = conversationIdOf(b.businessId, canada);
    await threadWhen(b.userId, canadaId, (t) => t.items.length === 1);
    await threadWhen(b.userId, usId, (t) => t.items.length === 1);

    expect(await reply(b.userId, usId, { body: "Hi" })).toEqual({
      status: 409,
      body: expect.objectContaining({ message: CONVERSATION_REGISTRATION_PENDING_MESSAGE }),
    });
    expect((await reply(b.userId, canadaId, { body: "Hi" })).status).toBe(201);

    await h.publish("SubscriptionChanged", b.userId, subscriptionChanged(b.userId, billingV1.SubscriptionStatus.CANCELED));
    await waitUntil(async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.status === "canceled");
    await settle(50);
    expect(await reply(b.userId, canadaId, { body: "Hi again" })).toEqual({
      status: 402,
      body: expect.objectContaining({ message: CONVERSATION_CHOOSE_PLAN_MESSAGE }),
    });
  });

  it("given another owner, then 404 on every id of the thread's and an empty list; unknown ids and no session as expected", async () => {
    const b = await business();
    const other = await business();
    const caller = "+14155550104";
    const id = conversationIdOf(b.businessId, caller);
    await text(b, caller, "Private note");
    await threadWhen(b.userId, id, (t) => t.items.length === 1);

    expect(await list(other.userId)).toEqual({ status: 200, body: { conversations: [], nextCursor: null } });
    expect((await thread(other.userId, id)).status).toBe(404);
    expect((await thread(other.userId, id)).body).toMatchObject({ message: "Conversation not found" });
    expect((await reply(other.userId, id, { body: "hi" })).status).toBe(404);
    expect((await h.api(other.userId, "POST", `/api/conversations/${id}/read`)).status).toBe(404);
    expect((await h.api(other.userId, "PUT", `/api/conversations/${id}/outcome`, { outcome: "lost" })).status).toBe(404);
    expect((await thread(b.userId, randomUUID())).status).toBe(404);
    expect((await thread(b.userId, "not-a-uuid")).status).toBe(404);
    expect((await thread("user-of-no-business", id)).status).toBe(404);
    expect((await fetch(`${h.running.url}/api/conversations`)).status).toBe(401);
    expect((await list(b.userId, "?cursor=nonsense")).status).toBe(400);
    expect((await list(b.userId, "?filter=starred")).status).toBe(400);
    expect(h.provider.sentTo(caller)).toEqual([]);
  });

  it("pages 30 threads at a time, newest activity first", async () => {
    const b = await business();
    const callers = Array.from({ length: 32 }, (_, index) => `+1415555${String(2000 + index)}`);
    for (const caller of callers) await text(b, caller, `Hi from ${caller}`);
    await waitUntil(async () => (await h.db.client.conversation.count({ where: { businessId: b.businessId } })) === callers.length, 10_000);

    const first = await list(b.userId);
    expect(first.body.conversations).toHaveLength(30);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(b.userId, `?cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.conversations, ...second.body.conversations];
    expect(all.map((c) => c.callerNumber)).toEqual([...callers].reverse());
    expect(new Set(all.map((c) => c.id)).size).toBe(32);
  });

  it("given events in the wrong order (a status before its text, a transcript and a deletion before the recording), then the same thread", async () => {
    const b = await business();
    const caller = "+14155550105";
    const id = conversationIdOf(b.businessId, caller);
    const smsId = randomUUID();
    const voicemailId = randomUUID();
    const base = Date.now();
    const at = (ms: number) => timestampFromDate(new Date(base + ms));
    const vm = { businessId: b.businessId, voicemailId, callerNumber: caller };
    await h.publish("SmsStatusChanged", b.businessId, {
      smsId,
      businessId: b.businessId,
      providerSid: "SMx",
      status: messagingV1.SmsStatus.DELIVERED,
      changedAt: at(900),
    });
    await h.publish("VoicemailDeleted", b.businessId, { ...vm, deletedAt: at(5_000) });
    await h.publish("VoicemailTranscribed", b.businessId, { ...vm, transcript: "Call me back", transcribedAt: at(800) });
    await h.publish("SmsSent", b.businessId, { smsId, businessId: b.businessId, providerSid: "SMx", sentAt: at(300) });
    await h.publish("SmsQueued", b.businessId, {
      smsId,
      businessId: b.businessId,
      callId: "ooo-call",
      recipientNumber: caller,
      senderNumber: b.dedicated,
      body: "Sorry we missed you",
      kind: messagingV1.SmsKind.MISSED_CALL,
      queuedAt: at(200),
    });
    await h.publish("VoicemailRecorded", b.businessId, {
      ...vm,
      callId: "ooo-call",
      callSid: "CAooo",
      dedicatedNumber: b.dedicated,
      recordingSid: "REooo",
      accountSid: "AC1",
      durationSeconds: 7,
      recordedAt: at(100),
    });
    await h.publish("CallMissed", b.businessId, {
      callId: "ooo-call-elsewhere",
      businessId: "biz-of-nobody",
      callSid: "CAx",
      callerNumber: caller,
      dedicatedNumber: "+15550000000",
      occurredAt: at(0),
    });
    const done = await threadWhen(b.userId, id, (t) => t.items.length === 2 && t.items[0]?.seconds === 7);
    expect(done.items).toEqual([
      {
        id: itemIdOf("voicemail", b.businessId, voicemailId),
        kind: "voicemail",
        at: new Date(base + 100).toISOString(),
        transcript: "Call me back",
        recordingUrl: null,
        seconds: 7,
      },
      { id: itemIdOf("sms", b.businessId, smsId), kind: "auto_text", at: new Date(base + 200).toISOString(), body: "Sorry we missed you", status: "delivered" },
    ]);
  });

  it("streams a thread's change within a second to its owner only, with keepalive comments", async () => {
    const b = await business();
    const other = await business();
    const caller = "+14155550106";
    const headers = (userId: string) => ({
      [INTERNAL_USER_HEADER]: signInternalUser({ id: userId, email: "x@example.com" }, h.runtime.config.INTERNAL_AUTH_SECRET),
    });
    const mine = await openEventStream(`${h.running.url}/api/conversations/stream`, headers(b.userId));
    const theirs = await openEventStream(`${h.running.url}/api/conversations/stream`, headers(other.userId));
    try {
      expect(mine.status).toBe(200);
      expect(mine.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(mine.headers["cache-control"]).toBe("no-cache, no-transform");
      await settle(150);
      const sentAt = performance.now();
      await text(b, caller, "Are you open?");
      const event = await mine.next((e) => e.event === "conversation");
      expect(event.at - sentAt).toBeLessThan(1_000);
      const data = JSON.parse(event.data) as { id: string; lastActivityAt: string; unreadCount: number };
      expect(data).toEqual({ id: conversationIdOf(b.businessId, caller), lastActivityAt: expect.any(String), unreadCount: 1 });
      await waitUntil(() => mine.comments.includes("keepalive"));
      await settle(300);
      expect(theirs.events).toEqual([]);
      expect(theirs.comments).toContain("keepalive");
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
