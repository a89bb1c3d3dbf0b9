import { telephonyV1 } from "@rebound/contracts";
import type { CallerIdKind, StirVerdict } from "@rebound/contracts/domain";

/** A voice webhook resolved to its business: what the call recorder writes. */
export interface IncomingCall {
  callSid: string;
  from: string;
  to: string;
  callStatus: string;
  /** Twilio's Direction: inbound, outbound-api, outbound-dial. */
  direction: string;
  forwardedFrom?: string;
  /** Twilio's StirVerstat, when sent. */
  stirVerstat?: string;
  businessId: string;
  purpose: telephonyV1.CallPurpose;
  /**
   * When the call reached us, if not now: a call recorded late (spooled while the database was down, or
   * found by reconciliation with the provider) keeps its real time, so messaging can tell whether a
   * text is still useful.
   */
  receivedAt?: Date;
}

export interface RecordOutcome {
  /** False for a CallSid seen before (a Twilio retry or duplicate): nothing new was written. */
  recorded: boolean;
  /** Forwarding tests this call concluded (a test call that came back through the carrier). */
  completedTests: string[];
}

export function callerIdKindEnum(kind: CallerIdKind): telephonyV1.CallerIdKind {
  switch (kind) {
    case "nanp":
      return telephonyV1.CallerIdKind.US_CANADA;
    case "international":
      return telephonyV1.CallerIdKind.INTERNATIONAL;
    case "withheld":
      return telephonyV1.CallerIdKind.WITHHELD;
    default: {
      const unexpected: never = kind;
      throw new Error(`unknown caller id kind ${String(unexpected)}`);
    }
  }
}

export function stirVerdictEnum(verdict: StirVerdict): telephonyV1.StirVerdict {
  switch (verdict) {
    case "passed":
      return telephonyV1.StirVerdict.PASSED;
    case "failed":
      return telephonyV1.StirVerdict.FAILED;
    case "not_validated":
      return telephonyV1.StirVerdict.NOT_VALIDATED;
    case "absent":
      return telephonyV1.StirVerdict.UNSPECIFIED;
    default: {
      const unexpected: never = verdict;
      throw new Error(`unknown STIR verdict ${String(unexpected)}`);
    }
  }
}

export function directionOf(direction: string): telephonyV1.CallDirection {
  return direction.startsWith("outbound") ? telephonyV1.CallDirection.OUTBOUND : telephonyV1.CallDirection.INBOUND;
}
