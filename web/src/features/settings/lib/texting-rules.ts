import { toE164 } from "@rebound/contracts/domain";
import { z } from "zod";

export const MAX_DUPLICATE_WINDOW_HOURS = 720;
export const MAX_DO_NOT_TEXT_NUMBERS = 50;
const WINDOW_MESSAGE = `Enter a whole number of hours from 0 to ${MAX_DUPLICATE_WINDOW_HOURS}`;

/** Owner alerts, forwarding alerts, the suppression window and the numbers never to text (business settings extras). */
export const textingRulesSchema = z.object({
  ownerAlertsEnabled: z.boolean(),
  /** E-mail when forwarding seems to have stopped (issue 28). */
  forwardingAlertsEnabled: z.boolean(),
  duplicateWindowHours: z.number({ error: WINDOW_MESSAGE }).int(WINDOW_MESSAGE).min(0, WINDOW_MESSAGE).max(MAX_DUPLICATE_WINDOW_HOURS, WINDOW_MESSAGE),
  doNotTextNumbers: z.array(z.string()).max(MAX_DO_NOT_TEXT_NUMBERS, `At most ${MAX_DO_NOT_TEXT_NUMBERS} numbers`),
});

export type TextingRules = z.infer<typeof textingRulesSchema>;

/** A typed number as E.164, or the message saying why it can't be added. */
export function parseDoNotTextNumber(value: string, existing: readonly string[]): { number: string } | { error: string } {
  if (!value.trim()) return { error: "Phone number is required" };
  const e164 = toE164(value);
  if (!e164) return { error: "Please enter a valid phone number, such as (212) 555-0123" };
  if (existing.includes(e164)) return { error: "That number is already on the list" };
  if (existing.length >= MAX_DO_NOT_TEXT_NUMBERS) return { error: `At most ${MAX_DO_NOT_TEXT_NUMBERS} numbers` };
  return { number: e164 };
}
