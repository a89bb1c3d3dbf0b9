import { telephonyV1 } from "@rebound/contracts";

/** A voice webhook resolved to its business: what the call recorder writes. */
export interface IncomingCall {
  callSid: string;
  from: string;
  to: string;
  callStatus: string;
  /** Twilio's Direction: inbound, outbound-api, outbound-dial. */
  direction: string;
  forwardedFrom?: string;
  businessId: string;
  purpose: telephonyV1.CallPurpose;
}

export interface RecordOutcome {
  /** False for a CallSid seen before (a Twilio retry or duplicate): nothing new was written. */
  recorded: boolean;
  /** Forwarding tests this call concluded (a test call that came back through the carrier). */
  completedTests: string[];
}

export function directionOf(direction: string): telephonyV1.CallDirection {
  return direction.startsWith("outbound") ? telephonyV1.CallDirection.OUTBOUND : telephonyV1.CallDirection.INBOUND;
}
