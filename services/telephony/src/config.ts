import { SIMULATOR_TEST_CALLER_NUMBER } from "@rebound/platform/src/telephony/telephony-config";
import { z } from "zod";

/** Telephony's own settings (the provider's are in platform's telephonyConfigSchema). */
export const telephonyServiceConfigSchema = z.object({
  /** Spoken to a caller whose missed call reached the dedicated number, before we hang up. */
  VOICE_ANSWER_MESSAGE: z
    .string()
    .min(1)
    .max(300)
    .default("Sorry we missed your call. We will text you right away."),
  /** Our test caller: a call from it to a dedicated number is a forwarding test, never a missed call. */
  TWILIO_TEST_CALLER_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/)
    .default(SIMULATOR_TEST_CALLER_NUMBER),
  /** How long the test call rings the business phone; the carrier must forward before this. */
  FORWARDING_TEST_RING_SECONDS: z.coerce.number().int().min(5).max(120).default(35),
  /** How long we wait for the forwarded call to reach the dedicated number. */
  FORWARDING_TEST_WINDOW_SECONDS: z.coerce.number().min(0.1).max(120).default(45),
  /** After the test call ended without the forwarded call, how long we still wait for it. */
  FORWARDING_TEST_GRACE_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** Days between a subscription ending and its number going back to the provider. */
  NUMBER_RELEASE_GRACE_DAYS: z.coerce.number().min(0).max(365).default(30),
  RELEASE_JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** How often the in-memory number directory is reloaded (changes made by other replicas). */
  DIRECTORY_REFRESH_MS: z.coerce.number().int().min(100).default(30_000),
});

export type TelephonyServiceConfig = z.infer<typeof telephonyServiceConfigSchema>;
