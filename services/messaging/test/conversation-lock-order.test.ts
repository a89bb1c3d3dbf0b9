// The inbox projection's lock order: every thread a transaction writes is locked before its
// businesses' change counters. An owner's outcome locks its thread, then the counter; a status batch
// that took the counter first and then touched the same thread deadlocked with it on PostgreSQL.
import type { SqlExecutor } from "@rebound/platform";
import { applyConversationFacts } from "../src/conversations/project-conversation-event.use-case";
import { conversationIdOf, itemIdOf, type ConversationFact } from "../src/domain/conversation-thread";
import { ConversationRepository } from "../src/store/conversation.repository";
import { startMessaging, type Harness } from "./support/messaging-harness";

const BUSINESS = "biz-lock-order";
const CALLER = "+15551230001";
const SMS = "sms-lock-order";

/** The executor's statements, in order, as they reach the database. */
function recording(tx: SqlExecutor, statements: string[]): SqlExecutor {
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || (property !== "$queryRawUnsafe" && property !== "$executeRawUnsafe")) return value;
      return (sql: string, ...values: unknown[]) => {
        statements.push(sql.replace(/\s+/g, " "));
        return (value as (sql: string, ...values: unknown[]) => unknown).apply(target, [sql, ...values]);
      };
    },
  });
}

const queuedText: ConversationFact[] = [
  {
    type: "item",
    businessId: BUSINESS,
    callerNumber: CALLER,
    item: {
      id: itemIdOf("sms", BUSINESS, SMS),
      kind: "auto_text",
      at: new Date("2026-11-27T10:00:00Z"),
      atFinal: true,
      body: "Sorry we missed you",
      smsId: SMS,
      voicemailId: "",
      seconds: 0,
      transcript: "",
      audioDeleted: false,
    },
  },
  { type: "text_status", businessId: BUSINESS, smsId: SMS, status: "queued" },
];

describe("inbox projection lock order", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startMessaging();
  });
  afterAll(() => h.stop());

  it("given a text's thread, when only its status moves, then the thread is locked before the business's change counter is taken, and its change number moves", async () => {
    const db = h.db;
    const deps = { conversations: new ConversationRepository(db) };
    await db.sqlTransaction((tx) => applyConversationFacts(deps, tx, queuedText));
    const before = await db.client.conversation.findUniqueOrThrow({ where: { id: conversationIdOf(BUSINESS, CALLER) } });

    const statements: string[] = [];
    await db.sqlTransaction((tx) =>
      applyConversationFacts(deps, recording(tx, statements), [{ type: "text_status", businessId: BUSINESS, smsId: SMS, status: "delivered" }]),
    );

    const threadLock = statements.findIndex((sql) => /FROM "messaging"\."conversations" .*FOR UPDATE/.test(sql));
    const counter = statements.findIndex((sql) => sql.includes('"messaging"."conversation_changes"'));
    const touch = statements.findIndex((sql) => /^UPDATE "messaging"\."conversations"/.test(sql));
    expect(threadLock).toBeGreaterThanOrEqual(0);
    expect(counter).toBeGreaterThan(threadLock);
    expect(touch).toBeGreaterThan(counter);
    const after = await db.client.conversation.findUniqueOrThrow({ where: { id: before.id } });
    expect(after.changeSeq).toBeGreaterThan(before.changeSeq);
  });
});
