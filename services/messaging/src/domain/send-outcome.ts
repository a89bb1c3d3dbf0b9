// A text on the send path and what the provider said about sending it. Types only: the sender
// (send-sms/sms-sender.ts) produces outcomes, the send-result recording
// (send-sms/record-send-result.use-case.ts) commits them, the store reads and writes the rows.
import type { SmsKindName, SmsStatusName } from "./sms-status";

/** What the send path needs of an sms_logs row. */
export interface SmsToSend {
  id: string;
  businessId: string;
  callId: string | null;
  recipientNumber: string;
  senderNumber: string;
  message: string;
  kind: SmsKindName;
  createdAt: Date;
}

/** The provider accepted the text (`status`: at least `sent`), or the send failed for good. */
export type SendOutcome =
  | {
      type: "accepted";
      sms: SmsToSend;
      providerSid: string;
      status: SmsStatusName;
    }
  | { type: "failed"; sms: SmsToSend; errorCode: string; errorMessage: string };
