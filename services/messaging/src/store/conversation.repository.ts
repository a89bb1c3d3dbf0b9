// The inbox projection's tables: conversations, conversation_items, conversation_text_statuses and the
// per-business change counter (conversation_changes). Writes are raw SQL on the caller's transaction
// (the consumer's group commit, or a route's own transaction); reads outside a transaction use the client.
import { arrayText, unnestRows, type SqlExecutor } from "@rebound/platform";
import { CONVERSATION_ITEM_KINDS, CONVERSATION_OUTCOMES, type ConversationItemKind, type ConversationOutcomeName } from "@rebound/contracts/domain";
import {
  TEXT_STATUS_ORDER,
  type ConversationState,
  type ListCursor,
  type SummaryRow,
  type Thread,
  type ThreadItem,
  type ThreadSummary,
} from "../domain/conversation-thread";
import { isSmsStatus, type SmsStatusName } from "../domain/sms-status";
import { table, type MessagingDb } from "./messaging-db";

interface ConversationRow {
  id: string;
  business_id: string;
  caller_number: string;
  read_up_to: Date | null;
  outcome: string | null;
  value_cents: number | null;
  outcome_set_at: Date | null;
  outcome_event_id: string;
}

interface ItemRow {
  id: string;
  kind: string;
  at: Date;
  at_final: boolean;
  body: string;
  sms_id: string | null;
  voicemail_id: string;
  seconds: number;
  transcript: string;
  audio_deleted: boolean;
}

const ITEM_KINDS: ReadonlySet<string> = new Set(CONVERSATION_ITEM_KINDS);
const OUTCOMES: ReadonlySet<string> = new Set(CONVERSATION_OUTCOMES);

function kindOf(value: string): ConversationItemKind {
  if (!ITEM_KINDS.has(value)) throw new Error(`unknown conversation item kind '${value}'`);
  return value as ConversationItemKind;
}

const outcomeOf = (value: string | null): ConversationOutcomeName | null => (value !== null && OUTCOMES.has(value) ? (value as ConversationOutcomeName) : null);

function toItem(row: ItemRow): ThreadItem {
  return {
    id: row.id,
    kind: kindOf(row.kind),
    at: row.at,
    atFinal: row.at_final,
    body: row.body,
    smsId: row.sms_id ?? "",
    voicemailId: row.voicemail_id,
    seconds: row.seconds,
    transcript: row.transcript,
    audioDeleted: row.audio_deleted,
  };
}

function toConversation(row: ConversationRow): ConversationState {
  return {
    id: row.id,
    businessId: row.business_id,
    callerNumber: row.caller_number,
    readUpTo: row.read_up_to,
    outcome: outcomeOf(row.outcome),
    valueCents: row.value_cents,
    outcomeSetAt: row.outcome_set_at,
    outcomeEventId: row.outcome_event_id,
  };
}

const ITEM_COLUMNS = "id::text AS id, kind, at, at_final, body, sms_id, voicemail_id, seconds, transcript, audio_deleted";

/** What the stream sends of a changed thread. */
export interface ConversationChangeRow {
  id: string;
  lastActivityAt: Date;
  unreadCount: number;
  changeSeq: bigint;
}

export class ConversationRepository {
  constructor(private readonly db: MessagingDb) {}

  // ---- The projection's writes (in the caller's transaction; a statement per table for a whole batch) ----

  /** Records the events as processed by `consumer`; returns the ids (lower case) that were not before. */
  async markProcessed(tx: SqlExecutor, consumer: string, eventIds: readonly string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const rows = await tx.$queryRawUnsafe<{ event_id: string }[]>(
      `INSERT INTO ${table("processed_events")} (consumer, event_id) SELECT $1, id FROM unnest($2::uuid[]) AS t(id)
       ON CONFLICT DO NOTHING RETURNING event_id::text AS event_id`,
      consumer,
      arrayText([...new Set(eventIds.map((id) => id.toLowerCase()))]),
    );
    return new Set(rows.map((row) => row.event_id.toLowerCase()));
  }

  /**
   * The threads of these business and caller pairs, rows created where missing and locked (in id order,
   * so concurrent writers lock alike) until the transaction ends, with their items.
   */
  async lockThreads(tx: SqlExecutor, keys: ReadonlyMap<string, { businessId: string; callerNumber: string }>): Promise<Map<string, Thread>> {
    const threads = new Map<string, Thread>();
    if (keys.size === 0) return threads;
    const ids = [...keys.keys()].sort();
    const created = unnestRows(
      ids.map((id) => [id, keys.get(id)?.businessId, keys.get(id)?.callerNumber]),
      ["uuid", "text", "text"],
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("conversations")} (id, business_id, caller_number) SELECT * FROM ${created.sql} ON CONFLICT DO NOTHING`,
      ...created.values,
    );
    const rows = await tx.$queryRawUnsafe<ConversationRow[]>(
      `SELECT id::text AS id, business_id, caller_number, read_up_to, outcome, value_cents, outcome_set_at, outcome_event_id
         FROM ${table("conversations")} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      arrayText(ids),
    );
    for (const row of rows) threads.set(row.id, { conversation: toConversation(row), items: [] });
    const items = await tx.$queryRawUnsafe<(ItemRow & { conversation_id: string })[]>(
      `SELECT conversation_id::text AS conversation_id, ${ITEM_COLUMNS} FROM ${table("conversation_items")} WHERE conversation_id = ANY($1::uuid[])`,
      arrayText(ids),
    );
    for (const row of items) threads.get(row.conversation_id)?.items.push(toItem(row));
    return threads;
  }

  async saveItems(tx: SqlExecutor, items: readonly { conversation: ConversationState; item: ThreadItem }[]): Promise<void> {
    if (items.length === 0) return;
    const rows = unnestRows(
      items.map(({ conversation, item }) => [
        item.id,
        conversation.id,
        conversation.businessId,
        item.kind,
        item.at,
        item.atFinal,
        item.body,
        item.smsId,
        item.voicemailId,
        item.seconds,
        item.transcript,
        item.audioDeleted,
      ]),
      ["uuid", "uuid", "text", "text", "timestamptz", "bool", "text", "text", "text", "int", "text", "bool"],
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table("conversation_items")}
         (id, conversation_id, business_id, kind, at, at_final, body, sms_id, voicemail_id, seconds, transcript, audio_deleted)
       SELECT id, conversation_id, business_id, kind, at, at_final, body, NULLIF(sms_id, ''), voicemail_id, seconds, transcript, audio_deleted
         FROM ${rows.sql} AS v(id, conversation_id, business_id, kind, at, at_final, body, sms_id, voicemail_id, seconds, transcript, audio_deleted)
       ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at, at_final = EXCLUDED.at_final, body = EXCLUDED.body, sms_id = EXCLUDED.sms_id,
         voicemail_id = EXCLUDED.voicemail_id, seconds = EXCLUDED.seconds, transcript = EXCLUDED.transcript, audio_deleted = EXCLUDED.audio_deleted`,
      ...rows.values,
    );
  }

  /** Each thread's own state and summary, stamped with its business's change number. */
  async saveConversations(tx: SqlExecutor, rows: readonly { conversation: ConversationState; summary: ThreadSummary; changeSeq: bigint }[]): Promise<void> {
    if (rows.length === 0) return;
    const values = unnestRows(
      rows.map(({ conversation, summary, changeSeq }) => [
        conversation.id,
        summary.lastActivityAt,
        summary.preview,
        summary.unreadCount,
        summary.optedOut,
        conversation.readUpTo,
        conversation.outcome,
        conversation.valueCents,
        conversation.outcomeSetAt,
        conversation.outcomeEventId,
        changeSeq,
      ]),
      ["uuid", "timestamptz", "text", "int", "bool", "timestamptz", "text", "int", "timestamptz", "text", "bigint"],
    );
    await tx.$executeRawUnsafe(
      `UPDATE ${table("conversations")} AS c SET last_activity_at = v.last_activity_at, preview = v.preview, unread_count = v.unread_count,
         opted_out = v.opted_out, read_up_to = v.read_up_to, outcome = v.outcome, value_cents = v.value_cents,
         outcome_set_at = v.outcome_set_at, outcome_event_id = v.outcome_event_id, change_seq = v.change_seq
       FROM ${values.sql} AS v(id, last_activity_at, preview, unread_count, opted_out, read_up_to, outcome, value_cents, outcome_set_at, outcome_event_id, change_seq)
       WHERE c.id = v.id`,
      ...values.values,
    );
  }

  /** Only the change number of threads whose texts' statuses moved. */
  async touchConversations(tx: SqlExecutor, rows: readonly { id: string; changeSeq: bigint }[]): Promise<void> {
    if (rows.length === 0) return;
    const values = unnestRows(
      rows.map((row) => [row.id, row.changeSeq]),
      ["uuid", "bigint"],
    );
    await tx.$executeRawUnsafe(
      `UPDATE ${table("conversations")} AS c SET change_seq = v.change_seq FROM ${values.sql} AS v(id, change_seq) WHERE c.id = v.id`,
      ...values.values,
    );
  }

  /** Moves each business's change counter on by its count (in business order); returns the new values. */
  async addChanges(tx: SqlExecutor, counts: ReadonlyMap<string, number>): Promise<Map<string, bigint>> {
    if (counts.size === 0) return new Map();
    const values = unnestRows(
      [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ["text", "bigint"],
    );
    const rows = await tx.$queryRawUnsafe<{ business_id: string; seq: string }[]>(
      `INSERT INTO ${table("conversation_changes")} AS c (business_id, seq) SELECT * FROM ${values.sql}
       ON CONFLICT (business_id) DO UPDATE SET seq = c.seq + EXCLUDED.seq RETURNING business_id, seq::text AS seq`,
      ...values.values,
    );
    return new Map(rows.map((row) => [row.business_id, BigInt(row.seq)]));
  }

  /** Raises each text's status (TEXT_STATUS_ORDER) where the given one is further; returns the sms ids that changed. */
  async raiseTextStatuses(tx: SqlExecutor, statuses: ReadonlyMap<string, { businessId: string; status: SmsStatusName }>): Promise<string[]> {
    if (statuses.size === 0) return [];
    const values = unnestRows(
      [...statuses].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([smsId, { businessId, status }]) => [smsId, businessId, status]),
      ["text", "text", "text"],
    );
    const rows = await tx.$queryRawUnsafe<{ sms_id: string }[]>(
      `INSERT INTO ${table("conversation_text_statuses")} AS s (sms_id, business_id, status) SELECT * FROM ${values.sql}
       ON CONFLICT (sms_id) DO UPDATE SET status = EXCLUDED.status
       WHERE array_position($4::text[], EXCLUDED.status) > array_position($4::text[], s.status)
       RETURNING sms_id`,
      ...values.values,
      arrayText(TEXT_STATUS_ORDER),
    );
    return rows.map((row) => row.sms_id);
  }

  /**
   * The threads these texts of ours are in (those whose SmsQueued was applied), locked in id order. A
   * transaction locks every thread it writes before its businesses' change counters (addChanges): an
   * owner's outcome locks its thread, then the counter; were the batcher to take the counter first and
   * then touch that thread, each would wait on the other (PostgreSQL's `deadlock detected`).
   */
  async conversationsOfTexts(tx: SqlExecutor, smsIds: readonly string[]): Promise<{ id: string; businessId: string }[]> {
    if (smsIds.length === 0) return [];
    const rows = await tx.$queryRawUnsafe<{ conversation_id: string; business_id: string }[]>(
      `SELECT id::text AS conversation_id, business_id FROM ${table("conversations")}
        WHERE id IN (SELECT conversation_id FROM ${table("conversation_items")} WHERE sms_id = ANY($1::text[]))
        ORDER BY id FOR UPDATE`,
      arrayText(smsIds),
    );
    return rows.map((row) => ({ id: row.conversation_id, businessId: row.business_id }));
  }

  /** Before a rebuild: the projection's rows and this consumer's processed marks (the change counters stay, so streams only move on). */
  async clear(tx: SqlExecutor, consumer: string): Promise<void> {
    for (const name of ["conversation_items", "conversation_text_statuses", "conversations"]) {
      await tx.$executeRawUnsafe(`DELETE FROM ${table(name)}`);
    }
    await tx.$executeRawUnsafe(`DELETE FROM ${table("processed_events")} WHERE consumer = $1`, consumer);
  }

  // ---- Reads ----

  /** The business the signed-in user owns, if messaging has heard of it. */
  async businessIdOfUser(userId: string): Promise<string | undefined> {
    const row = await this.db.client.businessConfig.findFirst({ where: { userId }, orderBy: { businessId: "asc" }, select: { businessId: true } });
    return row?.businessId;
  }

  /** Threads with at least one item, newest activity first, after the cursor. */
  async list(businessId: string, options: { unreadOnly: boolean; after?: ListCursor; limit: number }): Promise<SummaryRow[]> {
    const { after } = options;
    const rows = await this.db.client.conversation.findMany({
      where: {
        businessId,
        lastActivityAt: { not: null },
        ...(options.unreadOnly ? { unreadCount: { gt: 0 } } : {}),
        ...(after ? { OR: [{ lastActivityAt: { lt: after.lastActivityAt } }, { lastActivityAt: after.lastActivityAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
      take: options.limit,
      select: { id: true, callerNumber: true, lastActivityAt: true, preview: true, unreadCount: true, optedOut: true },
    });
    return rows.flatMap((row) => (row.lastActivityAt ? [{ ...row, lastActivityAt: row.lastActivityAt }] : []));
  }

  /** One of the business's threads with its items (oldest first) and its texts' statuses; undefined if not the business's or empty. */
  async findThread(businessId: string, id: string): Promise<{ thread: Thread; summary: SummaryRow; statuses: Map<string, SmsStatusName> } | undefined> {
    const row = await this.db.client.conversation.findFirst({ where: { id, businessId, lastActivityAt: { not: null } } });
    if (!row?.lastActivityAt) return undefined;
    const items = await this.db.client.conversationItem.findMany({ where: { conversationId: id }, orderBy: [{ at: "asc" }, { id: "asc" }] });
    const smsIds = items.flatMap((item) => (item.smsId ? [item.smsId] : []));
    const statusRows = smsIds.length === 0 ? [] : await this.db.client.conversationTextStatus.findMany({ where: { smsId: { in: smsIds } } });
    const statuses = new Map(statusRows.flatMap((status) => (isSmsStatus(status.status) ? [[status.smsId, status.status] as const] : [])));
    const thread: Thread = {
      conversation: {
        id: row.id,
        businessId: row.businessId,
        callerNumber: row.callerNumber,
        readUpTo: row.readUpTo,
        outcome: outcomeOf(row.outcome),
        valueCents: row.valueCents,
        outcomeSetAt: row.outcomeSetAt,
        outcomeEventId: row.outcomeEventId,
      },
      items: items.map((item) =>
        toItem({
          id: item.id,
          kind: item.kind,
          at: item.at,
          at_final: item.atFinal,
          body: item.body,
          sms_id: item.smsId,
          voicemail_id: item.voicemailId,
          seconds: item.seconds,
          transcript: item.transcript,
          audio_deleted: item.audioDeleted,
        }),
      ),
    };
    const summary: SummaryRow = {
      id: row.id,
      callerNumber: row.callerNumber,
      lastActivityAt: row.lastActivityAt,
      preview: row.preview,
      unreadCount: row.unreadCount,
      optedOut: row.optedOut,
    };
    return { thread, summary, statuses };
  }

  /** The business's change counter (0 before its first change). */
  async changeSeq(businessId: string): Promise<bigint> {
    const row = await this.db.client.conversationChange.findUnique({ where: { businessId } });
    return row?.seq ?? 0n;
  }

  /** The business's threads changed after `seq` (those with items), oldest change first. */
  async changedSince(businessId: string, seq: bigint, limit = 200): Promise<ConversationChangeRow[]> {
    const rows = await this.db.client.conversation.findMany({
      where: { businessId, changeSeq: { gt: seq }, lastActivityAt: { not: null } },
      orderBy: { changeSeq: "asc" },
      take: limit,
      select: { id: true, lastActivityAt: true, unreadCount: true, changeSeq: true },
    });
    return rows.flatMap((row) =>
      row.lastActivityAt ? [{ id: row.id, lastActivityAt: row.lastActivityAt, unreadCount: row.unreadCount, changeSeq: row.changeSeq }] : [],
    );
  }
}
