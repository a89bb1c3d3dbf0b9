// The SMS lifecycle: queued < sending < sent < delivered | undelivered | failed.
// Provider callbacks arrive out of order and more than once, so a status only moves forward
// and a terminal status never changes.

export const SMS_STATUSES = ["queued", "sending", "sent", "delivered", "undelivered", "failed"] as const;
export type SmsStatusName = (typeof SMS_STATUSES)[number];

/**
 * owner_reply: the owner's own text from the inbox (POST /api/conversations/{id}/messages); owner_forward:
 * a caller's reply or voicemail texted to the owner's own mobile.
 */
export type SmsKindName = "missed_call" | "after_hours" | "auto_reply" | "help" | "compliance" | "owner_reply" | "owner_forward";

function rank(status: SmsStatusName): number {
  switch (status) {
    case "queued":
      return 0;
    case "sending":
      return 1;
    case "sent":
      return 2;
    case "delivered":
    case "undelivered":
    case "failed":
      return 3;
    default: {
      const unexpected: never = status;
      throw new Error(`unknown status ${String(unexpected)}`);
    }
  }
}

export function isTerminal(status: SmsStatusName): boolean {
  return rank(status) === 3;
}

export function canMove(from: SmsStatusName, to: SmsStatusName): boolean {
  return rank(to) > rank(from);
}

/** The statuses a row may be in for `to` to apply (for a compare-and-set update). */
export function statusesBefore(to: SmsStatusName): SmsStatusName[] {
  return SMS_STATUSES.filter((from) => canMove(from, to));
}

/**
 * Whether a provider callback can change a row the provider knows (one with its sid): a
 * row gets its sid only together with `sent` or later (see acceptedStatus), so a callback
 * saying queued, sending or sent never moves it and needs no database work.
 */
export function advancesAcceptedSms(status: SmsStatusName): boolean {
  return rank(status) > rank("sent");
}

export function isSmsStatus(value: string): value is SmsStatusName {
  return (SMS_STATUSES as readonly string[]).includes(value);
}

/**
 * Twilio's MessageStatus values onto ours; undefined for statuses that say nothing about
 * delivery (receiving, received, scheduled ...), which are ignored.
 */
export function fromProviderStatus(value: string): SmsStatusName | undefined {
  switch (value.trim().toLowerCase()) {
    case "accepted":
    case "queued":
      return "queued";
    case "sending":
      return "sending";
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return undefined;
  }
}
