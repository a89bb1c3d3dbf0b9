// Folds events into the inbox projection: exactly once per consumer (the processed_events marks commit
// with the writes), a batch at a time (ConversationBatcher) with a statement per table for the whole
// batch, through the service's group commit: a missed call brings the projection four or five events,
// and on PGlite the call path shares its one connection.
import type { EventEnvelope } from "@rebound/contracts";
import type { SqlExecutor } from "@rebound/platform";
import {
  conversationIdOf,
  factsOf,
  foldThreads,
  furthestStatuses,
  isConversationEvent,
  summarize,
  type ConversationEvent,
  type ConversationFact,
  type ThreadFact,
} from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";
import type { ConversationBatcher } from "./conversation-batcher";

/** The consumer's handler: the event joins the next batch. */
export async function projectConversationEvent(batcher: ConversationBatcher, event: EventEnvelope): Promise<void> {
  if (isConversationEvent(event)) await batcher.apply(event);
}

/**
 * In the caller's transaction: marks the events processed for `consumer` and applies those that were
 * not before. The routes call it with the events they append, so the owner's own reply, read or
 * outcome shows at once; the consumer then finds them marked.
 */
export async function applyConversationEvents(
  deps: Pick<MessagingDeps, "conversations">,
  tx: SqlExecutor,
  consumer: string,
  events: readonly ConversationEvent[],
): Promise<void> {
  const fresh = await deps.conversations.markProcessed(
    tx,
    consumer,
    events.map((event) => event.id),
  );
  const seen = new Set<string>();
  const facts = events
    .filter((event) => {
      const id = event.id.toLowerCase();
      if (!fresh.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .flatMap(factsOf);
  await applyConversationFacts(deps, tx, facts);
}

/**
 * The facts' effect on the projection, without the processed marks: applied again, they change
 * nothing (the merges are idempotent, and a thread's change number moves only when it changed).
 */
export async function applyConversationFacts(deps: Pick<MessagingDeps, "conversations">, tx: SqlExecutor, facts: readonly ConversationFact[]): Promise<void> {
  if (facts.length === 0) return;
  const store = deps.conversations;
  const threadFacts = facts.filter((fact): fact is ThreadFact => fact.type !== "text_status");
  const keys = new Map(threadFacts.map((fact) => [conversationIdOf(fact.businessId, fact.callerNumber), fact] as const));
  const folded = foldThreads(await store.lockThreads(tx, keys), threadFacts);
  await store.saveItems(tx, [...folded.items.values()]);
  // After the items: a text queued in this batch is found with its thread.
  const raised = await store.raiseTextStatuses(
    tx,
    furthestStatuses(facts.filter((fact): fact is Extract<ConversationFact, { type: "text_status" }> => fact.type === "text_status")),
  );
  const touched = (await store.conversationsOfTexts(tx, raised)).filter((conversation) => !folded.changed.has(conversation.id));

  // Every changed thread gets a new change number of its business (the stream sends what is past its last one).
  const changedByBusiness = new Map<string, string[]>();
  const add = (businessId: string, id: string) => changedByBusiness.set(businessId, [...(changedByBusiness.get(businessId) ?? []), id]);
  for (const id of folded.changed) {
    const thread = folded.threads.get(id);
    if (thread) add(thread.conversation.businessId, id);
  }
  for (const conversation of touched) add(conversation.businessId, conversation.id);
  const counters = await store.addChanges(tx, new Map([...changedByBusiness].map(([businessId, ids]) => [businessId, ids.length])));
  const seqOf = new Map<string, bigint>();
  for (const [businessId, ids] of changedByBusiness) {
    const last = counters.get(businessId) ?? 0n;
    [...ids].sort().forEach((id, index) => seqOf.set(id, last - BigInt(ids.length - 1 - index)));
  }
  await store.saveConversations(
    tx,
    [...folded.changed].flatMap((id) => {
      const thread = folded.threads.get(id);
      return thread ? [{ conversation: thread.conversation, summary: summarize(thread), changeSeq: seqOf.get(id) ?? 0n }] : [];
    }),
  );
  await store.touchConversations(
    tx,
    touched.map((conversation) => ({ id: conversation.id, changeSeq: seqOf.get(conversation.id) ?? 0n })),
  );
}
