/**
 * Twilio's MessageStatus values a status callback can bring that change our record of a text:
 * the final ones. A text's record gets the provider's sid together with "sent" when the provider
 * accepts it, so a callback saying accepted, queued, sending or sent changes nothing, and a status
 * Twilio adds later (or one that says nothing about delivery: receiving, received, scheduled) is
 * ignored. The gateway answers the others itself (three callbacks per text, one with news), and
 * messaging's status rules agree with this list (its sms-status test holds them together).
 */
const STATUSES_WITH_NEWS = new Set(["delivered", "read", "undelivered", "failed", "canceled"]);

export function smsStatusCallbackCarriesNews(messageStatus: unknown): boolean {
  return typeof messageStatus === "string" && STATUSES_WITH_NEWS.has(messageStatus.trim().toLowerCase());
}
