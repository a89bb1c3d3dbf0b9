import { z } from "zod";

/**
 * Telephony's own settings. The provider's (TWILIO_TEST_CALLER_NUMBER, SMS_MESSAGES_PER_SECOND, ...)
 * are platform's telephonyConfigSchema, handed over by the composition root.
 */
export const telephonyServiceConfigSchema = z.object({
  /**
   * Spoken to a missed caller who may get a text, when the business set no message of its own.
   * Neutral on purpose: opt-outs, the monthly cap and the duplicate window are known only to
   * messaging, after the answer, so the default does not promise a text (docs/decisions.md).
   */
  VOICE_ANSWER_MESSAGE: z.string().min(1).max(300).default("Sorry we missed your call. We will get back to you shortly."),
  /** Spoken to a missed caller who will get no text (withheld caller id, international, likely spoofed, automation off ...). */
  VOICE_NO_TEXT_MESSAGE: z.string().min(1).max(300).default("Sorry we missed your call. Please call again later."),
  /** How long the test call rings the business phone; the carrier must forward before this. */
  FORWARDING_TEST_RING_SECONDS: z.coerce.number().int().min(5).max(120).default(35),
  /** How long we wait for the forwarded call to reach the dedicated number. */
  FORWARDING_TEST_WINDOW_SECONDS: z.coerce.number().min(0.1).max(120).default(45),
  /** After the test call ended without the forwarded call, how long we still wait for it. */
  FORWARDING_TEST_GRACE_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** Forwarding tests a business may start in 24 hours (each is a call we pay for). */
  FORWARDING_TEST_DAILY_CAP: z.coerce.number().int().min(1).max(1_000).default(10),
  /** Days between a subscription ending and its number going back to the provider. */
  NUMBER_RELEASE_GRACE_DAYS: z.coerce.number().min(0).max(365).default(30),
  RELEASE_JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** How often the in-memory number directory is reloaded (changes made by other replicas). */
  DIRECTORY_REFRESH_MS: z.coerce.number().int().min(100).default(30_000),
});

export type TelephonyServiceConfig = z.infer<typeof telephonyServiceConfigSchema>;
