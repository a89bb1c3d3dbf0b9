import { platformConfigSchema } from "@rebound/platform";
import { z } from "zod";

export const standaloneConfigSchema = platformConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: 127.0.0.1 in development and test (the dev mailbox and simulator stay on this machine), 0.0.0.0 in production. */
    HOST: z.string().min(1).optional(),
    PUBLIC_BASE_URL: z.string().url().optional(),
  })
  .transform((config) => ({
    ...config,
    HOST: config.HOST ?? (config.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    /** Whether HOST came from the default (main.ts says so at start). */
    HOST_DEFAULTED: config.HOST === undefined,
    // Without a setting, the public URL follows standalone's own port.
    PUBLIC_BASE_URL: (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ""),
  }));

export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;
