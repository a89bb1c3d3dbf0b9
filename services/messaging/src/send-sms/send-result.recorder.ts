// Records what the provider said about a send, through the service's shared group commit:
// SmsSent (+ the owner alert), or SmsStatusChanged(failed); 21610 also opts the caller out.
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import type { Clock } from "@rebound/platform";
import { smsStatusEnum } from "../domain/event-enums";
import { UNSUBSCRIBED_RECIPIENT_CODE } from "../domain/send-retry";
import type { SmsStatusName } from "../domain/sms-status";
import type { DispatchReadModel } from "../read-model/dispatch-read-model";
import type { CallerStateRepository } from "../store/caller-state.repository";
import type { MessagingDb, MessagingSqlTx } from "../store/messaging-db";
import type { OwnerAlertRepository } from "../store/owner-alert.repository";
import type { SmsLogRepository, SmsToSend } from "../store/sms-log.repository";

export type SendOutcome =
  | { type: "accepted"; sms: SmsToSend; providerSid: string; status: SmsStatusName }
  | { type: "failed"; sms: SmsToSend; errorCode: string; errorMessage: string };

export interface SendResultRecorderDeps {
  db: MessagingDb;
  smsLogs: SmsLogRepository;
  callers: CallerStateRepository;
  alerts: OwnerAlertRepository;
  readModel: DispatchReadModel;
  clock: Clock;
}

export class SendResultRecorder {
  constructor(private readonly deps: SendResultRecorderDeps) {}

  /** Resolves once the outcome is committed; false when the row had already been finished. */
  async record(outcome: SendOutcome): Promise<boolean> {
    const applied = await this.deps.db.batchedTransaction((tx) => this.apply(tx, outcome), { urgent: false });
    if (applied && outcome.type === "failed" && outcome.errorCode === UNSUBSCRIBED_RECIPIENT_CODE) {
      this.deps.readModel.setOptedOut(outcome.sms.businessId, outcome.sms.recipientNumber, true);
    }
    return applied;
  }

  idle(): Promise<void> {
    return this.deps.db.batchIdle();
  }

  private async apply(tx: MessagingSqlTx, outcome: SendOutcome): Promise<boolean> {
    return outcome.type === "accepted" ? this.applyAccepted(tx, outcome) : this.applyFailed(tx, outcome);
  }

  private async applyAccepted(tx: MessagingSqlTx, outcome: Extract<SendOutcome, { type: "accepted" }>): Promise<boolean> {
    const now = this.deps.clock.now();
    const { sms, providerSid, status } = outcome;
    const row = await this.deps.smsLogs.markSent(tx, sms.id, providerSid, status, now);
    if (!row) return false;
    const callId = sms.callId ?? "";
    tx.append("SmsSent", sms.businessId, {
      smsId: sms.id,
      businessId: sms.businessId,
      callId,
      providerSid,
      sentAt: timestampFromDate(now),
    });
    if (status !== "sent") {
      tx.append("SmsStatusChanged", sms.businessId, {
        smsId: sms.id,
        businessId: sms.businessId,
        providerSid,
        status: smsStatusEnum(status),
        changedAt: timestampFromDate(now),
        callId,
      });
    }
    const alertsOn = this.deps.readModel.business(sms.businessId)?.settings?.ownerAlertsEnabled ?? false;
    if (alertsOn && (sms.kind === "missed_call" || sms.kind === "after_hours")) {
      await this.deps.alerts.add(tx, {
        id: randomUUID(),
        businessId: sms.businessId,
        smsId: sms.id,
        callerNumber: sms.recipientNumber,
        message: sms.message,
        textedAt: now,
      });
    }
    return true;
  }

  private async applyFailed(tx: MessagingSqlTx, outcome: Extract<SendOutcome, { type: "failed" }>): Promise<boolean> {
    const now = this.deps.clock.now();
    const { sms, errorCode, errorMessage } = outcome;
    const row = await this.deps.smsLogs.markFailed(tx, sms.id, errorCode, errorMessage, now);
    if (!row) return false;
    tx.append("SmsStatusChanged", sms.businessId, {
      smsId: sms.id,
      businessId: sms.businessId,
      providerSid: row.providerSid ?? "",
      status: messagingV1.SmsStatus.FAILED,
      errorCode,
      errorMessage,
      changedAt: timestampFromDate(now),
      callId: sms.callId ?? "",
    });
    if (errorCode === UNSUBSCRIBED_RECIPIENT_CODE) {
      await this.deps.callers.saveOptOut(tx, {
        businessId: sms.businessId,
        callerNumber: sms.recipientNumber,
        optedOut: true,
        source: "carrier",
        keyword: "", });
      tx.append("CallerOptedOut", sms.businessId, {
        businessId: sms.businessId,
        callerNumber: sms.recipientNumber,
        keyword: "",
        source: messagingV1.OptOutSource.CARRIER,
        optedOutAt: timestampFromDate(now),
      });
    }
    return true;
  }
}
