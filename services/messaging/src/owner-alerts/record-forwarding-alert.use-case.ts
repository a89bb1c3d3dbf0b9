// ForwardingStatusChanged -> the owner's forwarding e-mail to send, when telephony asks for one (notify_owner:
// forwarding alerts on, at most one "check needed" per business in 3 days, an all-clear only after one).
import { telephonyV1, timestampDate, type EventEnvelope } from "@rebound/contracts";
import type { ForwardingEmailKind } from "../domain/forwarding-email";
import type { MessagingDeps } from "../messaging-deps";
import { sendForwardingEmails } from "./send-forwarding-emails.job";

function kindOf(status: telephonyV1.ForwardingStatus): ForwardingEmailKind | undefined {
  switch (status) {
    case telephonyV1.ForwardingStatus.CHECK_NEEDED:
      return "check_needed";
    case telephonyV1.ForwardingStatus.VERIFIED:
      return "resumed";
    case telephonyV1.ForwardingStatus.UNKNOWN:
    case telephonyV1.ForwardingStatus.UNSPECIFIED:
      return undefined;
    default: {
      // A status added to the contract later: no e-mail (never a poisoned event).
      const unexpected: never = status;
      void unexpected;
      return undefined;
    }
  }
}

export async function recordForwardingAlert(
  deps: Pick<MessagingDeps, "db" | "forwardingEmails" | "readModel" | "mailer" | "clock" | "logger" | "settings">,
  consumer: string,
  event: EventEnvelope<"ForwardingStatusChanged">,
): Promise<void> {
  const { payload } = event;
  const kind = kindOf(payload.status);
  if (!payload.notifyOwner || !kind) return;
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    await deps.forwardingEmails.add(tx, {
      eventId: event.id,
      businessId: payload.businessId,
      kind,
      cause: payload.cause,
      silentSince: payload.silentSince ? timestampDate(payload.silentSince) : null,
      lastForwardedCallAt: payload.lastForwardedCallAt ? timestampDate(payload.lastForwardedCallAt) : null,
      expectedCallsPerDay: payload.expectedCallsPerDay ?? null,
      timeZone: payload.timeZone,
      dedicatedNumber: payload.dedicatedNumber,
      createdAt: payload.changedAt ? timestampDate(payload.changedAt) : event.occurredAt,
    });
  });
  // At once rather than at the job's next run; the job retries what this could not send.
  sendForwardingEmails(deps).catch((error: unknown) => deps.logger.warn({ err: error }, "forwarding e-mails failed; will retry"));
}
