// The owner's reply from the inbox: a text under messaging's rules (opt-out, US texting registration,
// subscription), from the business's number in its account and messaging service, through the normal
// send path (sms_logs row under a lease, the per-sender queue, retries, status callbacks, recovery).
import { createPayload, messagingV1, timestampFromDate, type EventEnvelope } from "@rebound/contracts";
import {
  CONVERSATION_CHOOSE_PLAN_MESSAGE,
  CONVERSATION_NO_NUMBER_MESSAGE,
  CONVERSATION_OPTED_OUT_MESSAGE,
  CONVERSATION_REGISTRATION_PENDING_MESSAGE,
  type ConversationItem,
  type OwnerReply,
} from "@rebound/contracts/domain";
import { AppError, conflict } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { itemIdOf, itemView } from "../domain/conversation-thread";
import { isUsableSubscription, registrationPending } from "../domain/decide";
import type { SmsToSend } from "../domain/send-outcome";
import type { MessagingDeps } from "../messaging-deps";
import { findOwnedConversation } from "./get-conversation.use-case";
import { CONVERSATIONS_GROUP } from "./on-conversation-events.handler";
import { applyConversationEvents } from "./project-conversation-event.use-case";

/**
 * 409 when the caller opted out (checked again in the insert, so a STOP that lands meanwhile wins) or
 * is a US number the business may not text yet (decide's registration rule), 402 without a subscription
 * in good standing (decide's no_subscription), 409 without a dedicated number. Else the text is queued
 * (SmsQueued kind OWNER_REPLY, shown in the thread at once) and handed to the sender.
 */
export async function sendOwnerReply(deps: MessagingDeps, userId: string, conversationId: string, reply: OwnerReply): Promise<ConversationItem> {
  const { thread, businessId } = await findOwnedConversation(deps, userId, conversationId);
  const caller = thread.conversation.callerNumber;
  if (await deps.callers.isOptedOut(businessId, caller)) throw conflict(CONVERSATION_OPTED_OUT_MESSAGE);
  const now = deps.clock.now();
  const state = { ...deps.readModel.stateFor(businessId, caller, now), textingRegistrationRequired: deps.settings.textingRegistrationRequired };
  if (!isUsableSubscription(state.subscription)) throw new AppError("PAYMENT_REQUIRED", CONVERSATION_CHOOSE_PLAN_MESSAGE);
  const sender = state.business?.dedicatedNumber;
  if (!sender) throw conflict(CONVERSATION_NO_NUMBER_MESSAGE);
  if (registrationPending(state, { callId: "", callerNumber: caller, dedicatedNumber: sender })) throw conflict(CONVERSATION_REGISTRATION_PENDING_MESSAGE);

  const sms: SmsToSend = {
    id: randomUUID(),
    businessId,
    callId: null,
    recipientNumber: caller,
    senderNumber: sender,
    message: reply.body,
    kind: "owner_reply",
    createdAt: now,
  };
  const queued = await deps.db.sqlTransaction(async (tx) => {
    const leaseUntil = new Date(now.getTime() + deps.settings.leaseMs);
    const inserted = await deps.smsLogs.insertQueuedUnlessOptedOut(
      tx,
      { id: sms.id, businessId, recipientNumber: caller, senderNumber: sender, message: sms.message, kind: sms.kind, at: now },
      leaseUntil,
    );
    if (!inserted) return false;
    const payload = createPayload("SmsQueued", {
      smsId: sms.id,
      businessId,
      callId: "",
      recipientNumber: caller,
      senderNumber: sender,
      body: sms.message,
      kind: messagingV1.SmsKind.OWNER_REPLY,
      queuedAt: timestampFromDate(now),
    });
    const event: EventEnvelope<"SmsQueued"> = { id: tx.append("SmsQueued", businessId, payload), type: "SmsQueued", key: businessId, occurredAt: now, payload };
    await applyConversationEvents(deps, tx, CONVERSATIONS_GROUP, [event]);
    return true;
  });
  if (!queued) throw conflict(CONVERSATION_OPTED_OUT_MESSAGE);
  deps.sender.enqueue(sms);
  return itemView(
    {
      id: itemIdOf("sms", businessId, sms.id),
      kind: "reply_out",
      at: now,
      atFinal: true,
      body: sms.message,
      smsId: sms.id,
      voicemailId: "",
      seconds: 0,
      transcript: "",
      audioDeleted: false,
    },
    "queued",
  );
}
