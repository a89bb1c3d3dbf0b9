import { DAY_NAMES, isValidTime, type DayName } from "@rebound/contracts/domain";
import { z } from "zod";
import { WEEKDAY_BY_NUMBER } from "../domain/forwarding-watchdog";

const WEEKDAY_MESSAGE = "Weekday must be a day name from monday to sunday, or a number from 0 (Sunday) to 6";
const TIME_MESSAGE = "Time must be HH:MM, such as 10:00";

/** PUT /api/forwarding/self-test: the weekly test's day (a name, or 0-6 with 0 = Sunday) and local time. */
export const updateSelfTestSchema = z.object(
  {
    enabled: z.boolean({ error: "Enabled must be true or false" }),
    weekday: z.union(
      [
        z
          .string({ error: WEEKDAY_MESSAGE })
          .trim()
          .toLowerCase()
          .refine((value): value is DayName => (DAY_NAMES as readonly string[]).includes(value), WEEKDAY_MESSAGE)
          .transform((value) => value as DayName),
        z
          .number({ error: WEEKDAY_MESSAGE })
          .int(WEEKDAY_MESSAGE)
          .min(0, WEEKDAY_MESSAGE)
          .max(6, WEEKDAY_MESSAGE)
          .transform((value) => WEEKDAY_BY_NUMBER[value] ?? "sunday"),
      ],
      { error: WEEKDAY_MESSAGE },
    ),
    time: z.string({ error: TIME_MESSAGE }).trim().refine(isValidTime, TIME_MESSAGE),
  },
  { error: "Request body must be a JSON object" },
);

export type UpdateSelfTestInput = z.output<typeof updateSelfTestSchema>;
