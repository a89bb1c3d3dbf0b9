import { z } from "zod";

/** The spec's login rules (section 5); checked here to key the per-account rate limit, again by identity. */
export const loginSchema = z.object({
  email: z.string({ error: "Valid email is required" }).trim().pipe(z.email({ error: "Valid email is required" })),
  password: z.string({ error: "Password must be at least 6 characters" }).min(6, "Password must be at least 6 characters"),
});
