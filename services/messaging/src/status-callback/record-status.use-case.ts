// Provider status callbacks -> sms_logs status + SmsStatusChanged. Statuses only move
// forward (callbacks arrive out of order and repeated); unknown sids are ignored.
import { messagingV1, timestampFromDate } from "@rebound/contracts";
import type { Clock, Logger } from "@rebound/platform";
import { smsStatusEnum } from "../domain/event-enums";
import { UNSUBSCRIBED_RECIPIENT_CODE } from "../domain/send-retry";
import { advancesAcceptedSms, fromProviderStatus, statusesBefore, type SmsStatusName } from "../domain/sms-status";
import type { DispatchReadModel } from "../read-model/dispatch-read-model";
import type { SmsSender } from "../send-sms/sms-sender";
import type { CallerStateRepository } from "../store/caller-state.repository";
import type { MessagingDb, MessagingSqlTx } from "../store/messaging-db";
import type { SmsLogRepository, SmsRef } from "../store/sms-log.repository";

export interface StatusCallback {
  messageSid: string;
  messageStatus: string;
  errorCode: string;
  errorMessage: string;
}

export interface RecordStatusDeps {
  db: MessagingDb;
  smsLogs: SmsLogRepository;
  callers: CallerStateRepository;
  readModel: DispatchReadModel;
  sender: SmsSender;
  clock: Clock;
  logger: Logger;
}

interface Change {
  providerSid: string;
  status: SmsStatusName;
  errorCode: string;
  errorMessage: string;
}

export type RecordStatusResult = "applied" | "ignored" | "unknown_sid";

export class RecordStatus {
  constructor(private readonly deps: RecordStatusDeps) {}

  async execute(callback: StatusCallback): Promise<RecordStatusResult> {
    const status = fromProviderStatus(callback.messageStatus);
    if (!status || !advancesAcceptedSms(status)) return "ignored";
    const change: Change = {
      providerSid: callback.messageSid,
      status,
      errorCode: callback.errorCode,
      errorMessage: callback.errorMessage,
    };
    let ref = await this.deps.db.batchedTransaction((tx) => this.apply(tx, change), { urgent: false });
    if (!ref && !(await this.deps.smsLogs.findBySid(this.deps.db.client, change.providerSid))) {
      // The provider may call back before our record of its acceptance committed.
      await this.deps.sender.settle(change.providerSid);
      ref = await this.deps.db.batchedTransaction((tx) => this.apply(tx, change), { urgent: false });
      if (!ref && !(await this.deps.smsLogs.findBySid(this.deps.db.client, change.providerSid))) {
        this.deps.logger.info({ sid: change.providerSid, status }, "status callback for an unknown message ignored");
        return "unknown_sid";
      }
    }
    if (!ref) return "ignored";
    if (change.errorCode === UNSUBSCRIBED_RECIPIENT_CODE) this.deps.readModel.setOptedOut(ref.businessId, ref.recipientNumber, true);
    return "applied";
  }

  private async apply(tx: MessagingSqlTx, change: Change): Promise<SmsRef | undefined> {
    const now = this.deps.clock.now();
    const ref = await this.deps.smsLogs.applyStatus(tx, { ...change, from: statusesBefore(change.status), at: now });
    if (!ref) return undefined;
    tx.append("SmsStatusChanged", ref.businessId, {
      smsId: ref.id,
      businessId: ref.businessId,
      providerSid: change.providerSid,
      status: smsStatusEnum(change.status),
      errorCode: change.errorCode,
      errorMessage: change.errorMessage,
      changedAt: timestampFromDate(now),
      callId: ref.callId ?? "",
    });
    if (change.errorCode === UNSUBSCRIBED_RECIPIENT_CODE) {
      await this.deps.callers.saveOptOut(tx, {
        businessId: ref.businessId,
        callerNumber: ref.recipientNumber,
        optedOut: true,
        source: "carrier",
        keyword: "", });
      tx.append("CallerOptedOut", ref.businessId, {
        businessId: ref.businessId,
        callerNumber: ref.recipientNumber,
        keyword: "",
        source: messagingV1.OptOutSource.CARRIER,
        optedOutAt: timestampFromDate(now),
      });
    }
    return ref;
  }
}
