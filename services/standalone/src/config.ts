import { platformConfigSchema } from "@rebound/platform";
import { z } from "zod";

export const standaloneConfigSchema = platformConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_BASE_URL: z.string().url().optional(),
  })
  .transform((config) => ({
    ...config,
    // Without a setting, the public URL follows standalone's own port.
    PUBLIC_BASE_URL: (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ""),
  }));

export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;
