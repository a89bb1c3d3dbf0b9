// TextingRegistrationChanged -> the business's messaging service and US texting permission (the
// send path and decide read them), and the owner's registration e-mail to send. The latest
// changed_at wins whatever order events arrive in; an older change writes nothing and mails nothing.
import { timestampDate, type EventEnvelope } from "@rebound/contracts";
import { registrationEmailStatus } from "../domain/registration-email";
import type { MessagingDeps } from "../messaging-deps";
import { sendRegistrationEmails } from "../texting-registration/send-registration-emails.job";

export async function recordTextingRegistration(
  deps: Pick<MessagingDeps, "db" | "configs" | "readModel" | "registrationEmails" | "mailer" | "clock" | "logger" | "settings">,
  consumer: string,
  event: EventEnvelope<"TextingRegistrationChanged">,
): Promise<void> {
  const { payload } = event;
  const changedAt = payload.changedAt ? timestampDate(payload.changedAt) : event.occurredAt;
  const view = { messagingServiceSid: payload.messagingServiceSid, usTextingAllowed: payload.usTextingAllowed, changedAt };
  const emailStatus = registrationEmailStatus(payload.status);
  let written = false;
  await deps.db.processOnce(consumer, event.id, async (tx) => {
    written = await deps.configs.saveTextingRegistration(tx, payload.businessId, payload.userId, view);
    if (written && emailStatus) {
      await deps.registrationEmails.add(tx, {
        registrationId: payload.registrationId || `${payload.businessId}:${event.id}`,
        status: emailStatus,
        businessId: payload.businessId,
        failureReason: emailStatus === "failed" ? payload.failureReason : "",
        createdAt: changedAt,
      });
    }
  });
  if (!written) return;
  const known = deps.readModel.business(payload.businessId)?.registrationChangedAt;
  if (!known || known <= changedAt) {
    deps.readModel.patchBusiness(payload.businessId, {
      messagingServiceSid: payload.messagingServiceSid || undefined,
      usTextingAllowed: payload.usTextingAllowed,
      registrationChangedAt: changedAt,
      ...(payload.userId ? { userId: payload.userId } : {}),
    });
  }
  if (emailStatus) {
    // At once rather than at the job's next run; the job retries what this could not send.
    sendRegistrationEmails(deps).catch((error: unknown) => deps.logger.warn({ err: error }, "texting registration e-mails failed; will retry"));
  }
}
