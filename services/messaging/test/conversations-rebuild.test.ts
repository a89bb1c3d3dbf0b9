import { decodeEnvelope, messagingV1, timestampFromDate, TOPICS, type EventEnvelope } from "@rebound/contracts";
import { openEmbeddedLogReader, type DeliveredRecord, type LogReader } from "@rebound/platform";
import { applyConversationFacts } from "../src/conversations/project-conversation-event.use-case";
import { CONVERSATIONS_GROUP } from "../src/conversations/on-conversation-events.handler";
import { rebuildConversations } from "../src/conversations/rebuild-conversations.use-case";
import { CONVERSATION_EVENT_TYPES, conversationIdOf, factsOf, isConversationEvent, type ConversationEvent } from "../src/domain/conversation-thread";
import { ConversationRepository } from "../src/store/conversation.repository";
import { newBusiness, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

jest.setTimeout(120_000);

const TOPICS_READ = [TOPICS.calls, TOPICS.telephony, TOPICS.messaging];

/** Every row of the projection, in a stable order, with the stream's change numbers. */
async function snapshot(h: Harness) {
  const client = h.db.client;
  return {
    conversations: await client.conversation.findMany({ orderBy: { id: "asc" } }),
    items: await client.conversationItem.findMany({ orderBy: { id: "asc" } }),
    statuses: await client.conversationTextStatus.findMany({ orderBy: { smsId: "asc" } }),
    changes: await client.conversationChange.findMany({ orderBy: { businessId: "asc" } }),
  };
}

/** The projection without the stream's change numbers (a rebuild moves them on: they only grow). */
function withoutChanges({ changes: _changes, conversations, ...rest }: Awaited<ReturnType<typeof snapshot>>) {
  return { ...rest, conversations: conversations.map(({ changeSeq: _seq, ...row }) => row) };
}

/** The log's telephony and messaging events, decoded (the embedded bus's bus.messages from sequence 0). */
async function logEvents(h: Harness): Promise<{ records: DeliveredRecord[]; events: ConversationEvent[] }> {
  const reader = openEmbeddedLogReader(h.db.client, TOPICS_READ);
  const records: DeliveredRecord[] = [];
  for (let batch = await reader.next(500); batch.length > 0; batch = await reader.next(500)) records.push(...batch);
  await reader.close();
  const events = records.map((record) => decodeEnvelope(record.key, record.value, record.headers) as EventEnvelope).filter(isConversationEvent);
  return { records, events };
}

/** A reader over records in an order of the test's choosing. */
function readerOf(records: DeliveredRecord[]): LogReader {
  let position = 0;
  return {
    next: async (limit) => {
      const batch = records.slice(position, position + limit);
      position += batch.length;
      return batch;
    },
    close: async () => undefined,
  };
}

function shuffled<T>(values: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe("the inbox projection rebuilt from the event log", () => {
  let h: Harness;
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging();
  });
  afterAll(() => h.stop());

  /** Three businesses' callers: missed calls and their texts, replies, voicemails, STOP and START, HELP, the owners' replies, reads and outcomes. */
  async function history() {
    for (let business = 0; business < 3; business += 1) {
      const b = newBusiness();
      await h.seedBusiness(b, b.dedicated);
      const text = async (from: string, body: string) => {
        sequence += 1;
        expect((await h.post("/webhooks/twilio/sms", { MessageSid: `SMrebuild${sequence}`, From: from, To: b.dedicated, Body: body })).status).toBe(200);
      };
      for (let index = 0; index < 6; index += 1) {
        const caller = `+1415555${String(3000 + business * 10 + index)}`;
        const callId = `rebuild-${b.businessId}-${index}`;
        const id = conversationIdOf(b.businessId, caller);
        await h.missedCall({ businessId: b.businessId, callId, from: caller, to: b.dedicated });
        const queued = await h.eventOf("SmsQueued", (p) => p.callId === callId);
        if (index % 2 === 0) {
          await h.publish("SmsStatusChanged", b.businessId, {
            smsId: queued.smsId,
            businessId: b.businessId,
            providerSid: `SMd${sequence}`,
            status: index === 4 ? messagingV1.SmsStatus.UNDELIVERED : messagingV1.SmsStatus.DELIVERED,
            changedAt: timestampFromDate(new Date()),
            callId,
          });
        }
        if (index % 3 === 0) {
          const voicemail = { businessId: b.businessId, voicemailId: `vm-${callId}`, callerNumber: caller };
          // The transcript first: the projection takes events in any order.
          await h.publish("VoicemailTranscribed", b.businessId, {
            ...voicemail,
            transcript: `Voicemail ${index}`,
            transcribedAt: timestampFromDate(new Date()),
          });
          await h.publish("VoicemailRecorded", b.businessId, {
            ...voicemail,
            callId,
            callSid: `CA${callId}`,
            dedicatedNumber: b.dedicated,
            recordingSid: `RE${callId}`,
            accountSid: "AC1",
            durationSeconds: 10 + index,
            recordedAt: timestampFromDate(new Date()),
          });
          if (index === 3) await h.publish("VoicemailDeleted", b.businessId, { ...voicemail, deletedAt: timestampFromDate(new Date()) });
        }
        if (index % 2 === 1) await text(caller, `Reply ${index}`);
        if (index === 1) {
          await text(caller, "STOP");
          await text(caller, "START");
        }
        if (index === 2) await text(caller, "HELP");
        await waitUntil(async () => (await h.api(b.userId, "GET", `/api/conversations/${id}`)).status === 200);
        if (index !== 5) expect((await h.api(b.userId, "POST", `/api/conversations/${id}/messages`, { body: `Owner reply ${index}` })).status).toBe(201);
        if (index % 2 === 0) expect((await h.api(b.userId, "POST", `/api/conversations/${id}/read`)).status).toBe(204);
        if (index >= 3) {
          const outcome = index === 3 ? { outcome: "booked", valueCents: 12_500 } : { outcome: "lost" };
          expect((await h.api(b.userId, "PUT", `/api/conversations/${id}/outcome`, outcome)).status).toBe(200);
          if (index === 4) expect((await h.api(b.userId, "PUT", `/api/conversations/${id}/outcome`, { outcome: "not_a_lead" })).status).toBe(200);
        }
      }
      // A withheld caller id: no thread.
      await h.missedCall({ businessId: b.businessId, callId: `rebuild-${b.businessId}-anonymous`, from: "Anonymous", to: b.dedicated });
    }
  }

  /** Every projected event of the log has its processed mark (the live consumer, or the route that appended it). */
  async function caughtUp(): Promise<number> {
    let total = 0;
    await waitUntil(async () => {
      const [log] = await h.db.client.$queryRawUnsafe<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM "bus"."messages" WHERE headers->>'event-type' = ANY($1::text[])`,
        [...CONVERSATION_EVENT_TYPES],
      );
      const marks = await h.db.client.processedEvent.count({ where: { consumer: CONVERSATIONS_GROUP } });
      total = log?.count ?? -1;
      return marks === total;
    }, 30_000);
    return total;
  }

  it("given the live projection, then every event applied again changes nothing, and rebuilds from the log (in log order, and shuffled with repeats) equal it", async () => {
    await history();
    const total = await caughtUp();
    const live = await snapshot(h);
    expect(live.conversations).toHaveLength(18);
    expect(live.items.length).toBeGreaterThan(80);
    expect(live.items.map((item) => item.kind)).toEqual(
      expect.arrayContaining(["missed_call", "auto_text", "reply_in", "reply_out", "voicemail", "opt_out", "opt_in"]),
    );

    const deps = { db: h.db, conversations: new ConversationRepository(h.db) };
    const { records, events } = await logEvents(h);
    expect(events).toHaveLength(total);
    // Every event a second time, past the processed marks: the merges themselves are idempotent.
    await h.db.sqlTransaction(async (tx) => {
      for (const event of events) await applyConversationFacts(deps, tx, factsOf(event));
    });
    expect(await snapshot(h)).toEqual(live);

    const rebuilt = await rebuildConversations(deps, openEmbeddedLogReader(h.db.client, TOPICS_READ), CONVERSATIONS_GROUP, { batchSize: 50 });
    expect(rebuilt.events).toBe(total);
    const afterRebuild = await snapshot(h);
    expect(withoutChanges(afterRebuild)).toEqual(withoutChanges(live));
    afterRebuild.changes.forEach((counter, index) => expect(counter.seq).toBeGreaterThan(live.changes[index]?.seq ?? 0n));

    const messy = shuffled(
      records.flatMap((record, index) => (index % 4 === 0 ? [record, record] : [record])),
      42,
    );
    await rebuildConversations(deps, readerOf(messy), CONVERSATIONS_GROUP, { batchSize: 37 });
    expect(withoutChanges(await snapshot(h))).toEqual(withoutChanges(live));
  });
});
