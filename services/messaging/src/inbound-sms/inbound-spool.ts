// Texts the SMS webhook could not record because the database was unreachable: kept on disk (the kit's
// DurableSpool) and handled when it is back, at the time they came in and without a reply (the webhook
// was answered long ago). A STOP among them stops texts to that caller at once on this replica (memory),
// and for good once recorded.
import type { MessagingDeps } from "../messaging-deps";
import { handleInboundSms, type InboundSms } from "./handle-inbound-sms.use-case";

export interface SpooledInbound {
  sms: InboundSms;
  /** ISO time the webhook arrived. */
  receivedAt: string;
}

/** The job: drains the spool while the database answers. */
export async function drainInboundSpool(deps: MessagingDeps): Promise<void> {
  const result = await deps.inboundSpool.drain(async (spooled) => {
    await handleInboundSms(deps, spooled.sms, { receivedAt: new Date(spooled.receivedAt) });
  });
  if (result.drained > 0 || result.failed > 0) deps.logger.info(result, "inbound sms spool drained");
}
