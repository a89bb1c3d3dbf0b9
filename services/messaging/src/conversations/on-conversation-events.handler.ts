import type { EventEnvelope } from "@rebound/contracts";
import type { ConsumerDefinition, EventHandlerMap } from "@rebound/platform";
import { CONVERSATION_EVENT_TYPES } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";
import { ConversationBatcher } from "./conversation-batcher";
import { projectConversationEvent } from "./project-conversation-event.use-case";

/** The inbox projection's consumer group; its processed_events rows carry the same name. */
export const CONVERSATIONS_GROUP = "messaging.conversations";

/** Events in flight to the projection at once (the batcher writes what arrives together in one transaction). */
const CONVERSATIONS_CONCURRENCY = 256;

/**
 * The owner's inbox (docs/conversations.md): missed calls and voicemails (telephony's topic), texts,
 * their statuses, replies, opt-outs, reads and outcomes (messaging's own topic) folded into threads.
 */
export function onConversationEventsHandler(deps: MessagingDeps): ConsumerDefinition {
  const batcher = new ConversationBatcher(deps, CONVERSATIONS_GROUP);
  const project = (event: EventEnvelope) => projectConversationEvent(batcher, event);
  return {
    group: CONVERSATIONS_GROUP,
    handlers: Object.fromEntries(CONVERSATION_EVENT_TYPES.map((type) => [type, project])) as EventHandlerMap,
    // Order-independent merges: one business's events need not wait for each other, and arrive in batches.
    unordered: true,
    concurrency: CONVERSATIONS_CONCURRENCY,
  };
}
