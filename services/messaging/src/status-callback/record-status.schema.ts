import { z } from "zod";

/** Twilio's message status callback (form-encoded): the fields we use. */
export const statusCallbackSchema = z.object({
  MessageSid: z.string({ error: "MessageSid is required" }).trim().min(1, "MessageSid is required"),
  MessageStatus: z.string({ error: "MessageStatus is required" }).trim().min(1, "MessageStatus is required"),
  ErrorCode: z.string().trim().optional().default(""),
  ErrorMessage: z.string().trim().optional().default(""),
});
