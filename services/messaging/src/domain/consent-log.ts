// The consent log: every opt-out and opt-in a caller sent (or the carrier reported), kept
// for the owner's records. Entries are only ever added.
import type { InboundKindName } from "./inbound-keyword";

export const CONSENT_ACTIONS = ["opted_out", "opted_in"] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** keyword / phrase: the caller's text (classifyInboundSms); carrier: Twilio error 21610. */
export const CONSENT_METHODS = ["keyword", "phrase", "carrier"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export interface ConsentLogEntry {
  id: string;
  businessId: string;
  callerNumber: string;
  action: ConsentAction;
  method: ConsentMethod;
  /** The keyword or phrase read (STOP, "stop texting me"), or the carrier's error code. */
  matched: string;
  /** The caller's own text; empty for the carrier. */
  callerMessage: string;
  /** The confirmation texted back; empty when none was (a repeated opt-out, the carrier). */
  confirmationText: string;
  /** The inbound message's provider sid; empty for the carrier. */
  messageSid: string;
  occurredAt: Date;
}

/** The action an opt-out or opt-in message takes; undefined for help and other messages. */
export function consentActionOf(kind: InboundKindName): ConsentAction | undefined {
  switch (kind) {
    case "opt_out":
      return "opted_out";
    case "opt_in":
      return "opted_in";
    case "help":
    case "other":
      return undefined;
    default: {
      const unexpected: never = kind;
      throw new Error(`unknown inbound kind ${String(unexpected)}`);
    }
  }
}
