import { z } from "zod";

/** Twilio's inbound SMS webhook (form-encoded): the fields we use. */
export const inboundSmsSchema = z.object({
  MessageSid: z.string({ error: "MessageSid is required" }).trim().min(1, "MessageSid is required"),
  From: z.string({ error: "From is required" }).trim().min(1, "From is required"),
  To: z.string({ error: "To is required" }).trim().min(1, "To is required"),
  Body: z.string().optional().default(""),
});
