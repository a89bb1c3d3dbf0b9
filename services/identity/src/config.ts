// Identity's own settings: none today, on purpose. Token lifetimes (verification link 24 h, reset
// link 1 h) and the 14-day trial are fixed by the product (docs/product.md), so they stay constants (domain/tokens.ts,
// contracts' TRIAL_DAYS); the argon2id cost is OWASP's minimum (security/password-hasher.ts).
// Everything else identity uses is someone else's setting, defined there once: PUBLIC_BASE_URL and
// INTERNAL_AUTH_SECRET are platformConfigSchema's, the mailer's are mailConfigSchema's
// (@rebound/providers/mail, read by the composition roots). A new identity setting goes here.
import { z } from "zod";

export const identityConfigSchema = z.object({});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
