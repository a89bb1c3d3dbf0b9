import { randomBytes } from "node:crypto";

/** Ids shaped like Twilio's: a two-letter prefix and 32 hex digits. */
export function simulatorSid(prefix: "SM" | "PN" | "CA" | "AC" | "BU" | "BN" | "MG" | "QE" | "RE" | "TR"): string {
  return `${prefix}${randomBytes(16).toString("hex")}`;
}
