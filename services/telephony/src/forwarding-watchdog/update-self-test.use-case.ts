import { formatDayName, formatTime, isValidTime } from "@rebound/contracts/domain";
import { AppError } from "@rebound/platform";
import { isInsideOpenHours } from "../domain/forwarding-watchdog";
import type { TelephonyDeps } from "../telephony-deps";
import { calendarOf, readForwarding } from "./evaluate-forwarding.use-case";
import { toStatusBody, type ForwardingStatusBody } from "./get-forwarding-status.use-case";
import type { UpdateSelfTestInput } from "./update-self-test.schema";

export const NUMBER_FIRST_MESSAGE = "Please get your dedicated phone number before scheduling a forwarding test.";

/**
 * The owner's weekly forwarding self-test: on or off, its weekday and local time. When on, the time must be
 * inside the business's open hours that day (the test rings the business phone, as the manual test does).
 */
export async function updateSelfTest(deps: TelephonyDeps, userId: string, input: UpdateSelfTestInput): Promise<ForwardingStatusBody> {
  const businessId = await deps.sync.resolveBusinessIdOfUser(userId);
  const dedicatedNumber = businessId ? await deps.sync.resolveDedicatedNumber(businessId) : undefined;
  if (!businessId || !dedicatedNumber) throw new AppError("BAD_REQUEST", NUMBER_FIRST_MESSAGE);
  if (input.enabled) {
    const hours = calendarOf(await deps.businesses.findWatchdogSettings(businessId)).businessHours;
    const day = hours[input.weekday];
    if (!isInsideOpenHours(hours, input.weekday, input.time)) {
      const open = day.enabled && isValidTime(day.open) && isValidTime(day.close) && day.open !== day.close;
      const when = open
        ? `${formatDayName(input.weekday)} ${formatTime(day.open)}-${formatTime(day.close)}`
        : `you are closed on ${formatDayName(input.weekday)}s`;
      const message = `Choose a time inside your business hours (${when})`;
      throw new AppError("VALIDATION_FAILED", message, { fields: [{ field: "time", message }] });
    }
  }
  await deps.watchdog.saveSelfTest(businessId, { enabled: input.enabled, weekday: input.weekday, time: input.time });
  return toStatusBody(await readForwarding(deps, businessId));
}
