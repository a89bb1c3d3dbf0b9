import { z } from "zod";

/** A provider id (AccountSid, CallSid, RecordingSid): required, at most 64 characters. */
const sid = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} must be at most 64 characters`);

/**
 * The fields we use of Twilio's recording status callback (recordingStatusCallback of our <Record>,
 * form-encoded; the gateway checked the signature with the token of AccountSid's account).
 */
export const recordingStatusSchema = z.object({
  AccountSid: sid("AccountSid"),
  CallSid: sid("CallSid"),
  RecordingSid: sid("RecordingSid"),
  /** completed, absent or failed (we ask for completed only). */
  RecordingStatus: z.string({ error: "RecordingStatus is required" }).trim().min(1, "RecordingStatus is required"),
  /** Whole seconds; absent (or -1) when nothing was recorded. */
  RecordingDuration: z
    .string()
    .trim()
    .regex(/^-?\d{1,6}$/, "RecordingDuration must be whole seconds")
    .transform(Number)
    .optional(),
});

export type RecordingStatusCallback = z.infer<typeof recordingStatusSchema>;

/** The fields we use of Twilio's transcribeCallback (form-encoded, signed like the others). */
export const transcriptionSchema = z.object({
  AccountSid: sid("AccountSid"),
  RecordingSid: sid("RecordingSid"),
  /** completed or failed. */
  TranscriptionStatus: z.string({ error: "TranscriptionStatus is required" }).trim().min(1, "TranscriptionStatus is required"),
  TranscriptionText: z.string().default(""),
});

export type TranscriptionCallback = z.infer<typeof transcriptionSchema>;
