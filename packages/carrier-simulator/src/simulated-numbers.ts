import { createHash } from "node:crypto";
import type { AvailableNumber } from "@rebound/providers/telephony";
import { placeOfAreaCode } from "./area-codes";

/**
 * Numbers the simulator offers for an area code: the same list every time for the
 * same code (an exchange and line numbers derived from a hash of it), minus the
 * numbers already bought. Line numbers ending in 0000 are never offered: that
 * suffix is the simulator's failing recipient.
 */
export function simulatedNumbers(areaCode: string, limit: number, taken: ReadonlySet<string>): AvailableNumber[] {
  if (!/^\d{3}$/.test(areaCode)) return [];
  const seed = createHash("sha256").update(areaCode).digest();
  const exchange = 200 + (seed.readUInt16BE(0) % 800);
  const place = placeOfAreaCode(areaCode);
  const numbers: AvailableNumber[] = [];
  const seen = new Set<string>();
  for (let index = 0; numbers.length < limit && index < 200; index++) {
    const line = (seed.readUInt16BE(2) + index * 1237) % 10_000;
    const phoneNumber = `+1${areaCode}${exchange}${String(line).padStart(4, "0")}`;
    if (line === 0 || seen.has(phoneNumber) || taken.has(phoneNumber)) continue;
    seen.add(phoneNumber);
    numbers.push({
      phoneNumber,
      locality: place.locality,
      region: place.region,
      capabilities: { voice: true, sms: true, mms: index % 4 !== 3 },
    });
  }
  return numbers;
}
