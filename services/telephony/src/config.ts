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
  /**
   * How long the voice webhook waits for its write before it keeps the call in the spool on disk and
   * answers anyway (Twilio gives a webhook 15 s and never retries it).
   */
  TELEPHONY_WEBHOOK_DB_BUDGET_MS: z.coerce.number().int().min(100).max(14_000).default(5_000),
  /** How often calls kept in the spool (database unreachable) are tried again. */
  TELEPHONY_SPOOL_DRAIN_INTERVAL_MS: z.coerce.number().int().min(100).default(2_000),
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
  /**
   * Seals the subaccounts' auth tokens and the registrations' EIN and contact data (AES-256-GCM): 32 bytes,
   * base64 (openssl rand -base64 32). Unset: a public development key, allowed only while the carrier
   * simulator is the provider (TWILIO_ACCOUNT_SID unset) and never in production.
   */
  TEXTING_SECRET_KEY: z.string().optional(),
  /** How often the texting registration job advances registrations in flight; unset: 1 s with the simulator, 5 s with Twilio. */
  TEXTING_REGISTRATION_TICK_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  /**
   * With Twilio: our primary customer profile (BU..., Twilio-approved "ISV Reseller or Partner"), assigned to
   * every business's profile. Unset: Twilio's texting registration side is off (numbers stay in the main
   * account, the registration API answers 503).
   */
  TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: z
    .string()
    .regex(/^BU\w{32}$/, "must look like BU followed by 32 characters")
    .optional(),
  /** Our e-mail on the business profiles we submit to the provider (Twilio's TrustHub wants the ISV's, not the customer's). */
  TEXTING_NOTIFICATION_EMAIL: z.email().default("texting-registrations@rebound.example"),
  /**
   * The longest voicemail a missed caller may leave (the answer's <Record maxLength>). Twilio transcribes
   * recordings of at most 120 seconds: longer ones are recorded without asking for a transcript.
   */
  VOICEMAIL_MAX_SECONDS: z.coerce.number().int().min(5).max(600).default(120),
  /** Days a voicemail's audio stays at the provider; then the retention job deletes it there (VoicemailDeleted). */
  VOICEMAIL_RETENTION_DAYS: z.coerce.number().min(1).max(3_650).default(90),
  /** How often the retention job looks for voicemails past VOICEMAIL_RETENTION_DAYS. */
  VOICEMAIL_RETENTION_JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(600_000),
  /**
   * Reconciliation from the provider (src/reconciliation): how often the provider's calls to each dedicated number
   * are compared with ours, and the calls our voice webhook never got (it failed: Twilio does not retry) recorded.
   */
  TELEPHONY_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** How far back the first run for a number looks (no watermark yet). */
  TELEPHONY_RECONCILE_LOOKBACK_MS: z.coerce.number().int().min(60_000).max(604_800_000).default(900_000),
  /** Calls younger than this are left for the next run: their webhook may still be in flight (Twilio waits up to 15 s). */
  TELEPHONY_RECONCILE_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Numbers asked about per run (one provider list each); the others wait for the next runs, in turn. */
  TELEPHONY_RECONCILE_MAX_NUMBERS: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * The forwarding watchdog (docs/forwarding-watchdog.md): how often each business with a number is judged (its
   * status moved, the owner e-mailed through messaging on a change).
   */
  FORWARDING_WATCHDOG_INTERVAL_MS: z.coerce.number().int().min(1_000).default(300_000),
  /** How often the owners' weekly forwarding self-tests are looked for (a due test runs within this much of its time). */
  FORWARDING_SELF_TEST_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** How often the in-memory number directory is reloaded (changes made by other replicas). */
  DIRECTORY_REFRESH_MS: z.coerce.number().int().min(100).default(30_000),
});

export type TelephonyServiceConfig = z.infer<typeof telephonyServiceConfigSchema>;
