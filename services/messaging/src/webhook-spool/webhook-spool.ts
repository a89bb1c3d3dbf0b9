// Webhooks messaging could not record because the database was unreachable: Twilio never retries an SMS
// webhook or a status callback, so they are kept on disk (the kit's DurableSpool) and handled when the
// database is back. A text is handled "late": at the time it came in and without a reply (its webhook
// was answered long ago); a STOP among them already changed this replica's memory when it arrived.
import { classifyInbound } from "../domain/inbound-keyword";
import type { MessagingDeps } from "../messaging-deps";
import { handleInboundSms, type InboundSms } from "../inbound-sms/handle-inbound-sms.use-case";
import { recordStatus, type StatusCallback } from "../status-callback/record-status.use-case";

export type SpooledWebhook =
  | { kind: "inbound_sms"; sms: InboundSms; /** ISO time the webhook arrived. */ receivedAt: string }
  | { kind: "status"; status: StatusCallback; receivedAt: string };

/**
 * A text the SMS webhook could not record (Twilio never retries it): kept on disk for the drain; a STOP or
 * START changes this replica's memory at once, so its hot path texts an opted-out caller no more meanwhile.
 */
export async function keepInboundSms(deps: MessagingDeps, sms: InboundSms, receivedAt: Date, cause: unknown): Promise<void> {
  await deps.webhookSpool.add({ kind: "inbound_sms", sms, receivedAt: receivedAt.toISOString() });
  const business = deps.readModel.businessByDedicatedNumber(sms.to);
  const intent = classifyInbound(sms.body).kind;
  if (business && (intent === "opt_out" || intent === "opt_in")) deps.readModel.setOptedOut(business.businessId, sms.from, intent === "opt_out");
  deps.logger.warn({ err: cause, sid: sms.messageSid }, "database unreachable: inbound sms kept in the spool, recorded when it is back");
}

/** The job: drains the spool while the database answers. */
export async function drainWebhookSpool(deps: MessagingDeps): Promise<void> {
  const result = await deps.webhookSpool.drain(async (spooled) => {
    if (spooled.kind === "inbound_sms") await handleInboundSms(deps, spooled.sms, { receivedAt: new Date(spooled.receivedAt) });
    else await recordStatus(deps, spooled.status);
  });
  if (result.drained > 0 || result.failed > 0) deps.logger.info(result, "webhook spool drained");
}
