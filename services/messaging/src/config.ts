// Messaging's own settings (all optional; the defaults run standalone as is). The provider's
// send rate (SMS_MESSAGES_PER_SECOND) is a telephony setting: platform's telephonyConfigSchema.
import { z } from "zod";

export const messagingConfigSchema = z.object({
  /** Provider attempts per text (retryable errors: 429, 5xx, timeouts). */
  MESSAGING_SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  MESSAGING_SEND_BACKOFF_MS: z.coerce.number().int().min(1).max(60_000).default(250),
  MESSAGING_SEND_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(300_000).default(5_000),
  /** A send without an answer by then counts as failed (and is verified with the provider before a retry). */
  MESSAGING_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A text's send lease, renewed every third of it while the send is in flight: recovery takes over a dead process's texts once it lapses. */
  MESSAGING_SEND_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  MESSAGING_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  MESSAGING_READ_MODEL_REFRESH_MS: z.coerce.number().int().min(100).default(5_000),
  MESSAGING_OWNER_ALERT_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** At most one owner alert e-mail per business per this many ms. */
  MESSAGING_OWNER_ALERT_MIN_GAP_MS: z.coerce.number().int().min(0).default(300_000),
  /** A voicemail waits this long for its transcript before the owner's e-mail or text announces it without one. */
  MESSAGING_VOICEMAIL_TRANSCRIPT_WAIT_MS: z.coerce.number().int().min(0).default(120_000),
  /** At most one text to the owner's mobile per conversation per this many ms (later messages wait and go together). */
  MESSAGING_INBOX_FORWARD_MIN_GAP_MS: z.coerce.number().int().min(0).default(300_000),
  /** How often replies and voicemails waiting for the owner's mobile are looked for. */
  MESSAGING_INBOX_FORWARD_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * A missed call decided later than this after it came in (recorded after a database outage, or found by
   * reconciliation) is not texted: the owner's alert lists it to call back.
   */
  MESSAGING_TEXT_MAX_AGE_MS: z.coerce.number().int().min(1_000).default(900_000),
  /** How often inbound texts kept in the spool (database unreachable) are recorded again. */
  MESSAGING_SPOOL_DRAIN_INTERVAL_MS: z.coerce.number().int().min(100).default(2_000),
  /** A call for a business whose config events have not arrived yet waits this long before it is suppressed. */
  MESSAGING_UNKNOWN_BUSINESS_WAIT_MS: z.coerce.number().int().min(0).default(2_000),
  /**
   * Reconciliation from the provider (src/reconciliation): how often the provider's inbound texts to each dedicated
   * number are compared with inbound_sms, and those our SMS webhook never got (Twilio does not retry it) handled.
   */
  MESSAGING_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** How far back the first run for a number looks (no watermark yet). */
  MESSAGING_RECONCILE_LOOKBACK_MS: z.coerce.number().int().min(60_000).max(604_800_000).default(900_000),
  /** Texts younger than this are left for the next run: their webhook may still be in flight. */
  MESSAGING_RECONCILE_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Numbers asked about per run (one provider list each); the others wait for the next runs, in turn. */
  MESSAGING_RECONCILE_MAX_NUMBERS: z.coerce.number().int().min(1).max(10_000).default(100),
});

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;
