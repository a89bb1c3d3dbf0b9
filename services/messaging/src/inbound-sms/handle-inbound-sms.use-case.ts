// An SMS to a dedicated number: InboundSmsReceived, opt-out / opt-in, and the reply the
// business sends back in the webhook's answer (TwiML), recorded in sms_logs as sent.
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { duplicateWindowMs } from "../domain/dispatch-config";
import { inboundKindEnum, smsKindEnum } from "../domain/event-enums";
import { classifyInbound, type ClassifiedInbound } from "../domain/inbound-keyword";
import { replyTo, type InboundReply } from "../domain/inbound-reply";
import type { MessagingDeps } from "../messaging-deps";
import type { MessagingTx } from "../store/messaging-db";

export interface InboundSms {
  messageSid: string;
  from: string;
  to: string;
  body: string;
}

/** The reply text to answer with, if any. */
export async function handleInboundSms(deps: MessagingDeps, sms: InboundSms): Promise<string | undefined> {
  const { readModel, clock, logger } = deps;
  const business = readModel.businessByDedicatedNumber(sms.to);
  if (!business) {
    logger.info({ to: sms.to, sid: sms.messageSid }, "inbound sms to a number of no known business ignored");
    return undefined;
  }
  const now = clock.now();
  const inbound = classifyInbound(sms.body);
  const reply = replyTo(
    inbound,
    {
      business,
      fromNumber: sms.from,
      optedOut: readModel.isOptedOut(business.businessId, sms.from),
      lastAutoReplyAt: readModel.lastAutoReplyAt(business.businessId, sms.from),
    },
    now,
  );
  const sent = await deps.db.transaction((tx) => record(deps, tx, business.businessId, sms, inbound, reply, now));
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
  reply: InboundReply | undefined,
  now: Date,
): Promise<InboundReply | "duplicate" | undefined> {
  const { inbound: inboundRepo, callers, smsLogs, readModel } = deps;
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
  if (inbound.kind === "opt_out" || inbound.kind === "opt_in") {
    const optedOut = inbound.kind === "opt_out";
    await callers.saveOptOut(tx, { businessId, callerNumber: sms.from, optedOut, source: "keyword", keyword: inbound.keyword });
    if (optedOut) {
      tx.append("CallerOptedOut", businessId, {
        businessId,
        callerNumber: sms.from,
        keyword: inbound.keyword,
        source: messagingV1.OptOutSource.KEYWORD,
        optedOutAt: at,
      });
    } else {
      tx.append("CallerOptedIn", businessId, { businessId, callerNumber: sms.from, keyword: inbound.keyword, optedInAt: at });
    }
  }
  if (!reply) return undefined;
  if (reply.kind === "auto_reply") {
    const settings = readModel.business(businessId)?.settings;
    const cutoff = new Date(now.getTime() - (settings ? duplicateWindowMs(settings) : 0));
    if (!(await callers.claimAutoReplySlot(tx, businessId, sms.from, now, cutoff))) return undefined;
  }
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
