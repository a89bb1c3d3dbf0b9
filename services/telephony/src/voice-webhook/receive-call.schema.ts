import { z } from "zod";

/** The fields of Twilio's voice webhook we use (the body is form-encoded; the gateway checked the signature). */
export const voiceWebhookSchema = z.object({
  CallSid: z.string({ error: "CallSid is required" }).min(1, "CallSid is required"),
  To: z.string({ error: "To is required" }).min(1, "To is required"),
  From: z.string().default(""),
  CallStatus: z.string().default("ringing"),
  Direction: z.string().default("inbound"),
  ForwardedFrom: z.string().optional(),
  /** STIR/SHAKEN verification (TN-Validation-Passed-A ... TN-Validation-Failed-C, No-TN-Validation); absent on many calls. */
  StirVerstat: z.string().optional(),
});
