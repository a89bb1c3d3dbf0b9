// An SMS to a dedicated number: InboundSmsReceived, opt-out / opt-in (with its consent log
// entry), the owner's alert for a caller's reply (e-mail, and the text to their mobile), and the
// reply the business sends back in the webhook's answer (TwiML), recorded in sms_logs as sent.
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import { samePhoneNumber } from "@rebound/contracts/domain";
import { randomUUID } from "node:crypto";
import { consentActionOf, type ConsentAction } from "../domain/consent-log";
import { conversationIdOf } from "../domain/conversation-thread";
import type { BusinessConfig } from "../domain/dispatch-config";
import { duplicateWindowMs } from "../domain/dispatch-config";
import { inboundKindEnum, smsKindEnum } from "../domain/event-enums";
import { classifyInbound, type ClassifiedInbound } from "../domain/inbound-keyword";
import { replyTo, type InboundContext, type InboundReply } from "../domain/inbound-reply";
import type { MessagingDeps } from "../messaging-deps";
import type { MessagingTx } from "../store/messaging-db";

export interface InboundSms {
  messageSid: string;
  from: string;
  to: string;
  body: string;
}

/**
 * A text handled after its webhook was answered (kept in the spool while the database was away, or found
 * by reconciliation): recorded at the time it came in, and no reply is recorded as sent, since no webhook
 * answer can carry it any more (the opt-out, consent log and owner's alert are recorded as usual).
 */
export interface LateInbound {
  receivedAt: Date;
}

/** The reply text to answer with, if any (never for a late text). */
export async function handleInboundSms(deps: MessagingDeps, sms: InboundSms, late?: LateInbound): Promise<string | undefined> {
  const { readModel, clock, logger } = deps;
  const business = readModel.businessByDedicatedNumber(sms.to);
  if (!business) {
    logger.info({ to: sms.to, sid: sms.messageSid }, "inbound sms to a number of no known business ignored");
    return undefined;
  }
  const now = late?.receivedAt ?? clock.now();
  const inbound = classifyInbound(sms.body);
  const context: InboundContext = {
    business,
    fromNumber: sms.from,
    optedOut: readModel.isOptedOut(business.businessId, sms.from),
    lastAutoReplyAt: readModel.lastAutoReplyAt(business.businessId, sms.from),
  };
  const sent = await deps.db.transaction((tx) => record(deps, tx, business.businessId, sms, inbound, context, now, late !== undefined));
  if (sent === "duplicate") return undefined;
  if (inbound.kind === "opt_out" || inbound.kind === "opt_in") {
    readModel.setOptedOut(business.businessId, sms.from, inbound.kind === "opt_out");
  }
  if (sent?.kind === "auto_reply") readModel.setLastAutoReply(business.businessId, sms.from, now);
  return sent?.body;
}

async function record(
  deps: MessagingDeps,
  tx: MessagingTx,
  businessId: string,
  sms: InboundSms,
  inbound: ClassifiedInbound,
  context: InboundContext,
  now: Date,
  late: boolean,
): Promise<InboundReply | "duplicate" | undefined> {
  const { inbound: inboundRepo, smsLogs } = deps;
  const at = timestampFromDate(now);
  const first = await inboundRepo.insert(tx, {
    messageSid: sms.messageSid,
    businessId,
    fromNumber: sms.from,
    toNumber: sms.to,
    body: sms.body,
    kind: inbound.kind,
    receivedAt: now,
  });
  if (!first) return "duplicate";
  tx.append("InboundSmsReceived", businessId, {
    businessId,
    messageSid: sms.messageSid,
    fromNumber: sms.from,
    toNumber: sms.to,
    body: sms.body,
    kind: inboundKindEnum(inbound.kind),
    receivedAt: at,
  });
  if (inbound.kind === "other") await alertOwner(deps, tx, context.business, sms, now);
  const action = consentActionOf(inbound.kind);
  // An opt-out or opt-in answers by the stored state before it (memory may lag another replica's STOP).
  const optedOut = action ? await saveOptOutState(deps, tx, businessId, sms.from, inbound, action, now) : context.optedOut;
  // A late text gets no reply: no webhook answer can carry it any more.
  const reply = late ? undefined : await claimReply(deps, tx, businessId, sms.from, replyTo(inbound, { ...context, optedOut }, now), now);
  if (action) {
    await deps.consentLog.insert(tx, {
      id: randomUUID(),
      businessId,
      callerNumber: sms.from,
      action,
      method: inbound.method ?? "keyword",
      matched: inbound.matched,
      callerMessage: sms.body,
      confirmationText: reply?.body ?? "",
      messageSid: sms.messageSid,
      occurredAt: now,
    });
  }
  if (!reply) return undefined;
  const smsId = randomUUID();
  await smsLogs.insertReply(tx, {
    id: smsId,
    businessId,
    recipientNumber: sms.from,
    senderNumber: sms.to,
    message: reply.body,
    kind: reply.kind,
    at: now,
  });
  const common = { smsId, businessId, callId: "" };
  tx.append("SmsQueued", businessId, {
    ...common,
    recipientNumber: sms.from,
    senderNumber: sms.to,
    body: reply.body,
    kind: smsKindEnum(reply.kind),
    queuedAt: at,
  });
  tx.append("SmsSent", businessId, { ...common, providerSid: "", sentAt: at });
  return reply;
}

/**
 * A caller's reply waits for the owner's e-mail and, when the owner forwards to a mobile, the text to it
 * (docs/conversations.md section 5). A text from that mobile itself (the owner answering a forward) is
 * not sent back to them.
 */
async function alertOwner(deps: MessagingDeps, tx: MessagingTx, business: BusinessConfig, sms: InboundSms, now: Date): Promise<void> {
  const forwardTo = business.settings?.inboxForwardNumber ?? "";
  if (!business.settings?.ownerAlertsEnabled && forwardTo === "") return;
  if (forwardTo !== "" && samePhoneNumber(forwardTo, sms.from)) return;
  await deps.alerts.addReply(tx, {
    id: randomUUID(),
    businessId: business.businessId,
    conversationId: conversationIdOf(business.businessId, sms.from),
    callerNumber: sms.from,
    messageSid: sms.messageSid,
    body: sms.body,
    at: now,
    forward: forwardTo !== "",
  });
}

/** The opt-out row and CallerOptedOut / CallerOptedIn (every time, as for a repeated STOP); returns whether the caller was opted out before. */
async function saveOptOutState(
  deps: MessagingDeps,
  tx: MessagingTx,
  businessId: string,
  callerNumber: string,
  inbound: ClassifiedInbound,
  action: ConsentAction,
  now: Date,
): Promise<boolean> {
  const optedOut = action === "opted_out";
  const wasOptedOut = await deps.callers.saveOptOut(tx, {
    businessId,
    callerNumber,
    optedOut,
    source: inbound.method ?? "keyword",
    keyword: inbound.matched,
  });
  const at = timestampFromDate(now);
  if (optedOut) {
    tx.append("CallerOptedOut", businessId, {
      businessId,
      callerNumber,
      keyword: inbound.matched,
      source: messagingV1.OptOutSource.KEYWORD,
      optedOutAt: at,
    });
  } else {
    tx.append("CallerOptedIn", businessId, { businessId, callerNumber, keyword: inbound.matched, optedInAt: at });
  }
  return wasOptedOut;
}

/** The reply, unless it is an auto-reply whose window another reply (maybe another replica's) already holds. */
async function claimReply(
  deps: MessagingDeps,
  tx: MessagingTx,
  businessId: string,
  callerNumber: string,
  reply: InboundReply | undefined,
  now: Date,
): Promise<InboundReply | undefined> {
  if (reply?.kind !== "auto_reply") return reply;
  const settings = deps.readModel.business(businessId)?.settings;
  const cutoff = new Date(now.getTime() - (settings ? duplicateWindowMs(settings) : 0));
  return (await deps.callers.claimAutoReplySlot(tx, businessId, callerNumber, now, cutoff)) ? reply : undefined;
}
