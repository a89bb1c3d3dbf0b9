/** The dedicated number as typed into a forwarding code: its digits with the country code (+1 555 010 0199 -> 15550100199). */
export function dialString(e164: string): string {
  return e164.replace(/\D/g, "");
}

/** The universal code for all three conditions (no answer, busy, unreachable). */
export function universalForwardingCode(e164: string): string {
  return `**004*${dialString(e164)}#`;
}
