// Callers' replies and voicemails texted to the owner's own mobile (docs/conversations.md section 5),
// from the business's number through the normal send path (kind owner_forward: no thread, not in the
// owner's figures). At most one text per conversation per MESSAGING_INBOX_FORWARD_MIN_GAP_MS: what
// comes meanwhile waits and goes in the next one ("3 messages from ... Latest: ..."), so nothing is
// dropped and the owner's phone does not buzz for every line of a chatty caller.
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { isUsableSubscription, registrationPending } from "../domain/decide";
import { ownerForwardText } from "../domain/owner-forward-text";
import type { SmsToSend } from "../domain/send-outcome";
import type { MessagingDeps } from "../messaging-deps";
import type { PendingForward } from "../store/owner-alert.repository";

const ROWS_PER_RUN = 200;

/** Why a forward was not sent, stored in forward_state (else "sent"). */
export type ForwardSkipped = "off" | "no_subscription" | "no_number" | "registration_pending" | "opted_out";

/** Sends the forwards due now; returns how many texts went out. */
export async function forwardToOwners(deps: MessagingDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.alerts.dueForwards(now, new Date(now.getTime() - deps.settings.inboxForwardMinGapMs), ROWS_PER_RUN);
  const byConversation = new Map<string, PendingForward[]>();
  for (const row of due) byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
  let sent = 0;
  for (const rows of byConversation.values()) {
    try {
      if (await forwardConversation(deps, rows, now)) sent++;
    } catch (error) {
      deps.logger.warn({ err: error, businessId: rows[0]?.businessId }, "forward to the owner's mobile failed; will retry");
    }
  }
  return sent;
}

async function forwardConversation(deps: MessagingDeps, rows: PendingForward[], now: Date): Promise<boolean> {
  const [first] = rows;
  if (!first) return false;
  const { businessId } = first;
  const ids = rows.map((row) => row.id);
  const skip = async (why: ForwardSkipped) => {
    await deps.alerts.settleForwards(deps.db.client, ids, why, now);
    return false;
  };
  const to = deps.readModel.business(businessId)?.settings?.inboxForwardNumber ?? "";
  if (to === "") return skip("off");
  const state = { ...deps.readModel.stateFor(businessId, to, now), textingRegistrationRequired: deps.settings.textingRegistrationRequired };
  if (!isUsableSubscription(state.subscription)) return skip("no_subscription");
  const sender = state.business?.dedicatedNumber;
  if (!sender) return skip("no_number");
  if (registrationPending(state, { callId: "", callerNumber: to, dedicatedNumber: sender })) return skip("registration_pending");
  if (await deps.callers.isOptedOut(businessId, to)) return skip("opted_out");

  const sms = await deps.db.sqlTransaction(async (tx) => {
    // Claimed first: another replica's run may have taken some of these rows.
    const claimed = new Set(await deps.alerts.settleForwards(tx, ids, "sent", now));
    const messages = rows.filter((row) => claimed.has(row.id));
    if (messages.length === 0) return undefined;
    const text: SmsToSend = {
      id: randomUUID(),
      businessId,
      callId: null,
      recipientNumber: to,
      senderNumber: sender,
      message: ownerForwardText(messages, deps.settings.threadUrl(first.conversationId, first.callerNumber)),
      kind: "owner_forward",
      createdAt: now,
    };
    const leaseUntil = new Date(now.getTime() + deps.settings.leaseMs);
    const inserted = await deps.smsLogs.insertQueuedUnlessOptedOut(
      tx,
      { id: text.id, businessId, recipientNumber: to, senderNumber: sender, message: text.message, kind: text.kind, at: now },
      leaseUntil,
    );
    // The owner texted STOP meanwhile: roll back; the next run finds them opted out.
    if (!inserted) throw new Error("the owner's mobile opted out while forwarding");
    tx.append("SmsQueued", businessId, {
      smsId: text.id,
      businessId,
      callId: "",
      recipientNumber: to,
      senderNumber: sender,
      body: text.message,
      kind: messagingV1.SmsKind.OWNER_FORWARD,
      queuedAt: timestampFromDate(now),
    });
    return text;
  });
  if (!sms) return false;
  deps.sender.enqueue(sms);
  return true;
}
