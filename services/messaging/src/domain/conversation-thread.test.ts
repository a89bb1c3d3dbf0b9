import { createPayload, messagingV1, timestampFromDate, type EventEnvelope, type EventPayloadInit } from "@rebound/contracts";
import {
  applyToThread,
  conversationIdOf,
  decodeCursor,
  emptyConversation,
  encodeCursor,
  factsOf,
  foldThreads,
  itemIdOf,
  itemView,
  summarize,
  threadView,
  type ConversationEvent,
  type ConversationEventType,
  type Thread,
  type ThreadFact,
} from "./conversation-thread";

const BUSINESS = "biz-1";
const CALLER = "+14155550123";
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 15, 0, second));
let sequence = 0;

function envelope<T extends ConversationEventType>(type: T, init: EventPayloadInit<T>, occurredAt = at(0)): ConversationEvent {
  sequence += 1;
  const id = `0190a000-0000-7000-8000-${String(sequence).padStart(12, "0")}`;
  return { id, type, key: BUSINESS, occurredAt, payload: createPayload(type, init) } as EventEnvelope<T> as ConversationEvent;
}

const ts = timestampFromDate;

/** A thread's whole story: a missed call, its text, a reply, a voicemail, STOP, START, the owner's reply, a read, two outcomes. */
function story(): ConversationEvent[] {
  return [
    envelope("CallMissed", {
      callId: "call-1",
      businessId: BUSINESS,
      callSid: "CA1",
      callerNumber: CALLER,
      dedicatedNumber: "+14155550000",
      occurredAt: ts(at(1)),
    }),
    envelope("SmsQueued", {
      smsId: "sms-1",
      businessId: BUSINESS,
      callId: "call-1",
      recipientNumber: CALLER,
      senderNumber: "+14155550000",
      body: "Sorry we missed you!",
      kind: messagingV1.SmsKind.MISSED_CALL,
      queuedAt: ts(at(2)),
    }),
    envelope("SmsSent", { smsId: "sms-1", businessId: BUSINESS, callId: "call-1", providerSid: "SM1", sentAt: ts(at(3)) }),
    envelope("SmsStatusChanged", { smsId: "sms-1", businessId: BUSINESS, providerSid: "SM1", status: messagingV1.SmsStatus.DELIVERED, changedAt: ts(at(4)) }),
    envelope("InboundSmsReceived", {
      businessId: BUSINESS,
      messageSid: "SMin1",
      fromNumber: CALLER,
      toNumber: "+14155550000",
      body: "Can you come Tuesday?",
      kind: messagingV1.InboundKind.OTHER,
      receivedAt: ts(at(10)),
    }),
    envelope("VoicemailRecorded", {
      businessId: BUSINESS,
      voicemailId: "vm-1",
      callId: "call-1",
      callSid: "CA1",
      callerNumber: CALLER,
      dedicatedNumber: "+14155550000",
      recordingSid: "RE1",
      accountSid: "AC1",
      durationSeconds: 42,
      recordedAt: ts(at(5)),
    }),
    envelope("VoicemailTranscribed", {
      businessId: BUSINESS,
      voicemailId: "vm-1",
      callerNumber: CALLER,
      transcript: "Hi, it's about the leak.",
      transcribedAt: ts(at(20)),
    }),
    envelope("VoicemailDeleted", { businessId: BUSINESS, voicemailId: "vm-1", callerNumber: CALLER, deletedAt: ts(at(50)) }),
    envelope("InboundSmsReceived", {
      businessId: BUSINESS,
      messageSid: "SMin2",
      fromNumber: CALLER,
      toNumber: "+14155550000",
      body: "STOP",
      kind: messagingV1.InboundKind.OPT_OUT,
      receivedAt: ts(at(30)),
    }),
    envelope("CallerOptedOut", {
      businessId: BUSINESS,
      callerNumber: CALLER,
      keyword: "STOP",
      source: messagingV1.OptOutSource.KEYWORD,
      optedOutAt: ts(at(30)),
    }),
    envelope("CallerOptedIn", { businessId: BUSINESS, callerNumber: CALLER, keyword: "START", optedInAt: ts(at(31)) }),
    envelope("SmsQueued", {
      smsId: "sms-2",
      businessId: BUSINESS,
      recipientNumber: CALLER,
      senderNumber: "+14155550000",
      body: "Tuesday at 10 works.",
      kind: messagingV1.SmsKind.OWNER_REPLY,
      queuedAt: ts(at(40)),
    }),
    envelope("ConversationRead", { businessId: BUSINESS, callerNumber: CALLER, readUpTo: ts(at(10)), readAt: ts(at(11)) }),
    envelope("ConversationOutcomeSet", { businessId: BUSINESS, callerNumber: CALLER, outcome: messagingV1.ConversationOutcome.LOST, setAt: ts(at(41)) }),
    envelope("ConversationOutcomeSet", {
      businessId: BUSINESS,
      callerNumber: CALLER,
      outcome: messagingV1.ConversationOutcome.BOOKED,
      valueCents: 45_000n,
      setAt: ts(at(42)),
    }),
  ];
}

/** The thread after `events` in this order (text statuses kept apart, as the store does: the highest wins). */
function fold(events: readonly ConversationEvent[]): { thread: Thread; statuses: Map<string, string> } {
  let thread: Thread = { conversation: emptyConversation(BUSINESS, CALLER), items: [] };
  const order = ["queued", "sending", "sent", "failed", "undelivered", "delivered"];
  const statuses = new Map<string, string>();
  for (const fact of events.flatMap(factsOf)) {
    if (fact.type === "text_status") {
      const current = statuses.get(fact.smsId);
      if (current === undefined || order.indexOf(fact.status) > order.indexOf(current)) statuses.set(fact.smsId, fact.status);
      continue;
    }
    thread = applyToThread(thread, fact as ThreadFact)?.thread ?? thread;
  }
  return { thread, statuses };
}

/** A reproducible pseudo-random generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe("a conversation thread", () => {
  it("given the same business and caller, then the same ids in any process; another caller or business, another id", () => {
    expect(conversationIdOf(BUSINESS, CALLER)).toBe(conversationIdOf(BUSINESS, CALLER));
    expect(conversationIdOf(BUSINESS, CALLER)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(conversationIdOf(BUSINESS, "+14155550124")).not.toBe(conversationIdOf(BUSINESS, CALLER));
    expect(conversationIdOf("biz-2", CALLER)).not.toBe(conversationIdOf(BUSINESS, CALLER));
    expect(itemIdOf("sms", BUSINESS, "x")).not.toBe(itemIdOf("call", BUSINESS, "x"));
  });

  it("given the whole story, then the items are in order, STOP is one opt-out item with the caller's words, and the view says what the owner sees", () => {
    const { thread, statuses } = fold(story());
    const view = threadView(thread, statuses as Map<string, never>);
    expect(view.items.map((item) => item.kind)).toEqual(["missed_call", "auto_text", "voicemail", "reply_in", "opt_out", "opt_in", "reply_out"]);
    expect(view.items[1]).toMatchObject({ body: "Sorry we missed you!", status: "delivered" });
    expect(view.items[2]).toEqual({
      id: itemIdOf("voicemail", BUSINESS, "vm-1"),
      kind: "voicemail",
      at: at(5).toISOString(),
      transcript: "Hi, it's about the leak.",
      recordingUrl: null,
      seconds: 42,
    });
    expect(view.items[4]).toMatchObject({ kind: "opt_out", body: "STOP", at: at(30).toISOString() });
    expect(view.items[5]).toEqual({ id: expect.any(String), kind: "opt_in", at: at(31).toISOString() });
    expect(view.items[6]).toMatchObject({ kind: "reply_out", body: "Tuesday at 10 works.", status: "queued" });
    expect(view).toMatchObject({
      id: conversationIdOf(BUSINESS, CALLER),
      callerLabel: "(415) 555-0123",
      optedOut: false,
      outcome: "booked",
      valueCents: 45_000,
    });
    expect(summarize(thread)).toEqual({ lastActivityAt: at(40), preview: "Tuesday at 10 works.", unreadCount: 0, optedOut: false });
  });

  it("given the events in any order and each one any number of times, then the thread and its summary are the same", () => {
    const events = story();
    const expected = fold(events);
    const random = seeded(7);
    for (let round = 0; round < 200; round += 1) {
      const repeated = events.flatMap((event) => (random() < 0.3 ? [event, event] : [event]));
      const result = fold(shuffled(repeated, random));
      expect(result.thread).toEqual(expected.thread);
      expect(result.statuses).toEqual(expected.statuses);
      expect(summarize(result.thread)).toEqual(summarize(expected.thread));
    }
  });

  it("given the items in the store's order (any), then the same summary and view", () => {
    const { thread, statuses } = fold(story());
    const reversed = { ...thread, items: [...thread.items].reverse() };
    expect(summarize(reversed)).toEqual(summarize(thread));
    expect(threadView(reversed, statuses as Map<string, never>)).toEqual(threadView(thread, statuses as Map<string, never>));
  });

  it("given a batch of several threads' facts, then each thread folded as alone, the changed items once each", () => {
    const other = "+14155550999";
    const mine = story();
    const theirs = [
      envelope("InboundSmsReceived", {
        businessId: BUSINESS,
        messageSid: "SMo",
        fromNumber: other,
        body: "Hi",
        kind: messagingV1.InboundKind.OTHER,
        receivedAt: ts(at(3)),
      }),
    ];
    const facts = [...mine, ...theirs, ...mine].flatMap(factsOf).filter((fact): fact is ThreadFact => fact.type !== "text_status");
    const folded = foldThreads(new Map(), facts);
    expect(folded.changed).toEqual(new Set([conversationIdOf(BUSINESS, CALLER), conversationIdOf(BUSINESS, other)]));
    expect(folded.threads.get(conversationIdOf(BUSINESS, CALLER))).toEqual(fold(mine).thread);
    expect(folded.threads.get(conversationIdOf(BUSINESS, other))?.items.map((item) => item.body)).toEqual(["Hi"]);
    expect(folded.items.size).toBe(fold(mine).thread.items.length + 1);
    expect(foldThreads(folded.threads, facts).changed.size).toBe(0);
  });

  it("given an event applied again, then nothing changes (applyToThread says so)", () => {
    const events = story();
    const { thread } = fold(events);
    for (const fact of events.flatMap(factsOf)) {
      if (fact.type !== "text_status") expect(applyToThread(thread, fact)).toBeUndefined();
    }
  });

  it("counts the caller's missed calls, texts and voicemails after the owner's last read or reply as unread", () => {
    const [missed, text, , , reply, voicemail] = story();
    const { thread } = fold([missed!, text!, reply!, voicemail!]);
    expect(summarize(thread)).toMatchObject({ unreadCount: 3, preview: "Can you come Tuesday?", lastActivityAt: at(10) });
    const read = fold([missed!, text!, reply!, voicemail!, envelope("ConversationRead", { businessId: BUSINESS, callerNumber: CALLER, readUpTo: ts(at(5)) })]);
    expect(summarize(read.thread).unreadCount).toBe(1);
    const answered = fold([
      missed!,
      reply!,
      envelope("SmsQueued", {
        smsId: "r",
        businessId: BUSINESS,
        recipientNumber: CALLER,
        body: "On it",
        kind: messagingV1.SmsKind.OWNER_REPLY,
        queuedAt: ts(at(12)),
      }),
    ]);
    expect(summarize(answered.thread)).toMatchObject({ unreadCount: 0, preview: "On it" });
  });

  it("says opted out while the newest opt item is an opt-out; a carrier's opt-out has no words", () => {
    const optOut = envelope("CallerOptedOut", {
      businessId: BUSINESS,
      callerNumber: CALLER,
      keyword: "21610",
      source: messagingV1.OptOutSource.CARRIER,
      optedOutAt: ts(at(9)),
    });
    const { thread } = fold([optOut]);
    expect(summarize(thread)).toEqual({ lastActivityAt: at(9), preview: "Opted out of texts", unreadCount: 0, optedOut: true });
    expect(itemView(thread.items[0]!, undefined)).toEqual({ id: thread.items[0]!.id, kind: "opt_out", at: at(9).toISOString() });
  });

  it("keeps a voicemail known only from its transcript at that time until its recording says when it was left", () => {
    const [, , , , , recorded, transcribed] = story();
    const early = fold([transcribed!]);
    expect(early.thread.items[0]).toMatchObject({ kind: "voicemail", at: at(20), atFinal: false });
    expect(itemView(early.thread.items[0]!, undefined)).toMatchObject({
      recordingUrl: "/api/voicemails/vm-1/audio",
      transcript: "Hi, it's about the leak.",
      seconds: 0,
    });
    expect(summarize(early.thread).preview).toBe("Voicemail");
    const both = fold([transcribed!, recorded!]);
    expect(both.thread.items[0]).toMatchObject({ at: at(5), atFinal: true, seconds: 42 });
    expect(summarize(both.thread).preview).toBe("Voicemail (0:42)");
  });

  it("makes no thread for a withheld caller id", () => {
    const call = envelope("CallMissed", { callId: "c", businessId: BUSINESS, callerNumber: "Anonymous", dedicatedNumber: "+14155550000" });
    expect(factsOf(call)).toEqual([]);
  });

  it("reads back the cursors it gives out and refuses others", () => {
    const cursor = { lastActivityAt: at(3), id: conversationIdOf(BUSINESS, CALLER) };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor("nope")).toBeUndefined();
    expect(decodeCursor(Buffer.from(`yesterday|${cursor.id}`).toString("base64url"))).toBeUndefined();
  });
});
