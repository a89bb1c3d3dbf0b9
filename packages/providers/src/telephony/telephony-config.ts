import { E164_PATTERN } from "@rebound/contracts/domain";
import { z } from "zod";

/** Auth token the carrier simulator signs webhooks with when nothing is configured. */
export const DEV_TWILIO_AUTH_TOKEN = "dev-auth-token";
/**
 * The carrier simulator's main account SID (what its webhooks carry as AccountSid when TWILIO_ACCOUNT_SID is
 * unset): the gateway checks those with TWILIO_AUTH_TOKEN, and a subaccount's with the subaccount's token.
 */
export const SIMULATOR_MAIN_ACCOUNT_SID = `AC${"5".repeat(32)}`;
/** The simulator's forwarding-test caller when TWILIO_TEST_CALLER_NUMBER is unset (Twilio's magic test number). */
export const SIMULATOR_TEST_CALLER_NUMBER = "+15005550006";

const e164 = z.string().regex(E164_PATTERN, "must be an E.164 phone number, e.g. +15551234567");

/**
 * Telephony settings. TWILIO_ACCOUNT_SID selects Twilio; unset, the carrier
 * simulator runs and signs its webhooks with TWILIO_AUTH_TOKEN (default
 * `dev-auth-token`, only allowed while the SID is unset).
 */
export const telephonyConfigSchema = z
  .object({
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC\w{32}$/, "must look like AC followed by 32 characters")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
    /** Tests and fakes only: send the SDK's requests to this base URL instead of api.twilio.com. */
    TWILIO_API_BASE_URL: z.string().url().optional(),
    /** A number of ours that places the forwarding test call (a Twilio number with Twilio). */
    TWILIO_TEST_CALLER_NUMBER: e164.optional(),
    /** Per-request timeout of provider calls. */
    TWILIO_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** Messages a second one sender number may send (Twilio long codes: 1; the simulator: no real limit). */
    SMS_MESSAGES_PER_SECOND: z.coerce.number().positive().max(10_000).optional(),
    /** Look callers up (Twilio Lookup v2 line type intelligence, paid per lookup) before texting; landlines are not texted. */
    TWILIO_LOOKUP_ENABLED: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    /** A lookup slower than this is abandoned and the caller texted anyway. */
    TWILIO_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1_500),
    /**
     * Hold back texts (and the voice answer's promise of one) from a US 10DLC number to US callers until
     * the business's texting registration (A2P 10DLC) is approved. Read by telephony (voice answer) and
     * messaging (decide). Default true: US carriers block unregistered 10DLC traffic (error 30034).
     */
    TEXTING_REGISTRATION_REQUIRED: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    /** Simulator: ms between the status callbacks of a message (queued -> sent -> delivered). */
    SIMULATOR_DELIVERY_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(5),
    /**
     * Simulator: where its webhooks for PUBLIC_BASE_URL are sent when that address does not lead back from where it
     * runs (docker-compose: http://gateway:3000). Signed for PUBLIC_BASE_URL all the same. Default: PUBLIC_BASE_URL.
     */
    SIMULATOR_WEBHOOK_ORIGIN: z.preprocess((value) => (value === "" ? undefined : value), z.string().url().optional()),
    /** Simulator: where its journal lives. Default <DATA_DIR>/simulator; in memory when DATA_DIR=memory or NODE_ENV=test. */
    SIMULATOR_DATA_DIR: z.string().optional(),
    /** Simulator: texts to numbers ending with this suffix fail (undelivered, error 30003). */
    SIMULATOR_FAILING_SUFFIX: z
      .string()
      .regex(/^\d{1,10}$/)
      .default("0000"),
    /** Simulator: ms from a brand registration to its verdict (PENDING, IN_REVIEW, then APPROVED or FAILED). */
    SIMULATOR_A2P_BRAND_APPROVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_000),
    /** Simulator: ms from a campaign submission to its verdict (IN_PROGRESS, then VERIFIED or FAILED). */
    SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(5_000),
    /**
     * Simulator: US carriers' 10DLC rule, a text from a US number to a US recipient not sent through a
     * messaging service with a verified campaign ends undelivered with 30034. Default true, as carriers do.
     */
    SIMULATOR_A2P_ENFORCEMENT: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
  })
  .superRefine((config, ctx) => {
    if (!config.TWILIO_ACCOUNT_SID) return;
    if (!config.TWILIO_AUTH_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["TWILIO_AUTH_TOKEN"], message: "is required when TWILIO_ACCOUNT_SID is set" });
    } else if (config.TWILIO_AUTH_TOKEN === DEV_TWILIO_AUTH_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["TWILIO_AUTH_TOKEN"], message: "must be the account's real auth token" });
    }
    if (!config.TWILIO_TEST_CALLER_NUMBER) {
      ctx.addIssue({ code: "custom", path: ["TWILIO_TEST_CALLER_NUMBER"], message: "is required when TWILIO_ACCOUNT_SID is set" });
    }
  })
  .transform((config) => {
    const twilio = config.TWILIO_ACCOUNT_SID !== undefined;
    return {
      ...config,
      TWILIO_AUTH_TOKEN: config.TWILIO_AUTH_TOKEN ?? DEV_TWILIO_AUTH_TOKEN,
      TWILIO_TEST_CALLER_NUMBER: config.TWILIO_TEST_CALLER_NUMBER ?? SIMULATOR_TEST_CALLER_NUMBER,
      SMS_MESSAGES_PER_SECOND: config.SMS_MESSAGES_PER_SECOND ?? (twilio ? 1 : 1_000),
    };
  });

export type TelephonyConfig = z.infer<typeof telephonyConfigSchema>;
