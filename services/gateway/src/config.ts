import { DEV_TWILIO_AUTH_TOKEN } from "@rebound/providers/telephony";
import { z } from "zod";

const origins = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

/** The gateway's own settings, on top of the platform's (PUBLIC_BASE_URL, INTERNAL_AUTH_SECRET ...). */
export const gatewayConfigSchema = z
  .object({
    /** Signs the session cookie. Required in production. */
    SESSION_SECRET: z.string().min(16).default("dev-session-secret-change-me"),
    SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(90).default(7),
    /** Browser origins besides PUBLIC_BASE_URL's that may send state-changing /api requests (e.g. a Vite dev server). */
    ALLOWED_ORIGINS: origins.default([]),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    /** Verifies X-Twilio-Signature. Without TWILIO_ACCOUNT_SID the carrier simulator signs with the dev token. */
    TWILIO_AUTH_TOKEN: z.string().optional(),
  })
  .transform((config, ctx) => {
    if (config.TWILIO_ACCOUNT_SID && !config.TWILIO_AUTH_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["TWILIO_AUTH_TOKEN"], message: "required when TWILIO_ACCOUNT_SID is set" });
    }
    return { ...config, TWILIO_AUTH_TOKEN: config.TWILIO_AUTH_TOKEN ?? DEV_TWILIO_AUTH_TOKEN };
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** Base URLs of the services in distributed mode (`<SERVICE>_URL`, e.g. IDENTITY_URL=http://identity:3000). */
export const upstreamConfigSchema = z.object({
  IDENTITY_URL: z.url().default("http://identity:3000"),
  BUSINESS_URL: z.url().default("http://business:3000"),
  TELEPHONY_URL: z.url().default("http://telephony:3000"),
  MESSAGING_URL: z.url().default("http://messaging:3000"),
  BILLING_URL: z.url().default("http://billing:3000"),
  ANALYTICS_URL: z.url().default("http://analytics:3000"),
});

export function assertGatewayProductionSafe(config: GatewayConfig, nodeEnv: string): void {
  if (nodeEnv === "production" && config.SESSION_SECRET.startsWith("dev-")) throw new Error("SESSION_SECRET must be set in production");
}
