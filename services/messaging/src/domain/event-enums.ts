// Domain names -> the protobuf enums of rebound.messaging.v1 (the events messaging produces).
// Enums messaging consumes (plan, subscription status) are read with contracts' mappings.
import { messagingV1, telephonyV1 } from "@rebound/contracts";
import type { CallerIdKind } from "@rebound/contracts/domain";
import type { SuppressionReasonName } from "./decide";
import type { InboundKindName } from "./inbound-keyword";
import type { SmsKindName, SmsStatusName } from "./sms-status";

export function suppressionReasonEnum(reason: SuppressionReasonName): messagingV1.SuppressionReason {
  switch (reason) {
    case "unknown_business":
      return messagingV1.SuppressionReason.UNKNOWN_BUSINESS;
    case "own_number":
      return messagingV1.SuppressionReason.OWN_NUMBER;
    case "inactive":
      return messagingV1.SuppressionReason.INACTIVE;
    case "no_subscription":
      return messagingV1.SuppressionReason.NO_SUBSCRIPTION;
    case "opted_out":
      return messagingV1.SuppressionReason.OPTED_OUT;
    case "cap_reached":
      return messagingV1.SuppressionReason.CAP_REACHED;
    case "duplicate_window":
      return messagingV1.SuppressionReason.DUPLICATE_WINDOW;
    case "withheld_caller_id":
      return messagingV1.SuppressionReason.WITHHELD_CALLER_ID;
    case "international":
      return messagingV1.SuppressionReason.INTERNATIONAL;
    case "likely_spoofed":
      return messagingV1.SuppressionReason.LIKELY_SPOOFED;
    case "landline":
      return messagingV1.SuppressionReason.LANDLINE;
    case "registration_pending":
      return messagingV1.SuppressionReason.REGISTRATION_PENDING;
    case "too_late":
      return messagingV1.SuppressionReason.TOO_LATE;
    default: {
      const unexpected: never = reason;
      throw new Error(`unknown suppression reason ${String(unexpected)}`);
    }
  }
}

export function smsKindEnum(kind: SmsKindName): messagingV1.SmsKind {
  switch (kind) {
    case "missed_call":
      return messagingV1.SmsKind.MISSED_CALL;
    case "after_hours":
      return messagingV1.SmsKind.AFTER_HOURS;
    case "auto_reply":
      return messagingV1.SmsKind.AUTO_REPLY;
    case "help":
      return messagingV1.SmsKind.HELP;
    case "compliance":
      return messagingV1.SmsKind.COMPLIANCE;
    case "owner_reply":
      return messagingV1.SmsKind.OWNER_REPLY;
    case "owner_forward":
      return messagingV1.SmsKind.OWNER_FORWARD;
    default: {
      const unexpected: never = kind;
      throw new Error(`unknown sms kind ${String(unexpected)}`);
    }
  }
}

export function smsStatusEnum(status: SmsStatusName): messagingV1.SmsStatus {
  switch (status) {
    case "queued":
      return messagingV1.SmsStatus.QUEUED;
    case "sending":
      return messagingV1.SmsStatus.SENDING;
    case "sent":
      return messagingV1.SmsStatus.SENT;
    case "delivered":
      return messagingV1.SmsStatus.DELIVERED;
    case "undelivered":
      return messagingV1.SmsStatus.UNDELIVERED;
    case "failed":
      return messagingV1.SmsStatus.FAILED;
    default: {
      const unexpected: never = status;
      throw new Error(`unknown sms status ${String(unexpected)}`);
    }
  }
}

export function inboundKindEnum(kind: InboundKindName): messagingV1.InboundKind {
  switch (kind) {
    case "opt_out":
      return messagingV1.InboundKind.OPT_OUT;
    case "opt_in":
      return messagingV1.InboundKind.OPT_IN;
    case "help":
      return messagingV1.InboundKind.HELP;
    case "other":
      return messagingV1.InboundKind.OTHER;
    default: {
      const unexpected: never = kind;
      throw new Error(`unknown inbound kind ${String(unexpected)}`);
    }
  }
}

/** CallMissed's caller_id_kind (telephony classified the caller id when it recorded the call); undefined when the event predates it. */
export function callerIdKindOf(kind: telephonyV1.CallerIdKind): CallerIdKind | undefined {
  switch (kind) {
    case telephonyV1.CallerIdKind.US_CANADA:
      return "nanp";
    case telephonyV1.CallerIdKind.INTERNATIONAL:
      return "international";
    case telephonyV1.CallerIdKind.WITHHELD:
      return "withheld";
    default:
      return undefined;
  }
}
