import { z } from "zod";

/** Twilio's sole proprietor verification is the owner replying YES to its text: there is no code (docs/texting-registration.md B1). */
export const NO_CODE_MESSAGE = "There is no code to enter: reply YES to the text from +1 (915) 278-2000 on your mobile.";

/** POST /api/texting-registration/verify: an empty body asks for a new verification text; a `code` is refused. */
export const resendVerificationSchema = z
  .object({ code: z.unknown().optional() })
  .refine((body) => body.code === undefined, { message: NO_CODE_MESSAGE, path: ["code"] });
