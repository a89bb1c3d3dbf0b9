import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/shared/api/client";

export interface AvailableNumber {
  phoneNumber: string;
  locality: string;
  region: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean };
}

export const AREA_CODE_MESSAGE = "Please enter a valid 3-digit area code";
/** docs/product.md section 5: digits only, max 3, search only at exactly 3. */
export const areaCodeSchema = z.object({ areaCode: z.string().regex(/^\d{3}$/, AREA_CODE_MESSAGE) });
export type AreaCodeInput = z.infer<typeof areaCodeSchema>;

/** What the area code field keeps of what was typed: digits, at most 3. */
export function areaCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 3);
}

/** GET /api/phone-numbers/search/{areaCode} -> {numbers}. */
export async function searchNumbers(areaCode: string): Promise<AvailableNumber[]> {
  const { numbers } = await api.get<{ numbers: AvailableNumber[] }>(`/api/phone-numbers/search/${encodeURIComponent(areaCode)}`);
  return numbers ?? [];
}

export function searchNumbersQueryOptions(areaCode: string) {
  return queryOptions({ queryKey: ["/api/phone-numbers/search", areaCode] as const, queryFn: () => searchNumbers(areaCode) });
}
