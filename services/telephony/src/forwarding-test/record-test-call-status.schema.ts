import { z } from "zod";

/** Twilio's call status callback for our test call (form-encoded). */
export const testCallStatusSchema = z.object({
  CallSid: z.string({ error: "CallSid is required" }).min(1, "CallSid is required"),
  CallStatus: z.string({ error: "CallStatus is required" }).min(1, "CallStatus is required"),
});
