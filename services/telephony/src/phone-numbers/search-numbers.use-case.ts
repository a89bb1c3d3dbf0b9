import { AppError } from "@rebound/platform";
import { TelephonyProviderError, type AvailableNumber } from "@rebound/providers/telephony";
import { countryOfAreaCode } from "@rebound/contracts/domain";
import type { TelephonyDeps } from "../telephony-deps";

export const SEARCH_FAILED_MESSAGE = "Failed to search for phone numbers. Please try again.";

/** Local numbers with voice and SMS for a 3-digit area code (US or Canada by the code). */
export async function searchNumbers(deps: TelephonyDeps, areaCode: string): Promise<AvailableNumber[]> {
  try {
    return await deps.provider.searchLocalNumbers(areaCode, { country: countryOfAreaCode(areaCode), limit: 20 });
  } catch (error) {
    if (!(error instanceof TelephonyProviderError)) throw error;
    deps.logger.warn({ err: error, areaCode }, "number search failed at the provider");
    throw new AppError("UPSTREAM_FAILED", SEARCH_FAILED_MESSAGE, { cause: error });
  }
}
