// Comparing phone numbers as owners type them ("(555) 123-0001", "+1 555 123 0001") with
// the E.164 numbers the carrier sends.

/** Digits only, with the North American country code added to a bare 10-digit number. */
export function comparableNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 ? `1${digits}` : digits;
}

export function sameNumber(a: string, b: string): boolean {
  const left = comparableNumber(a);
  return left !== "" && left === comparableNumber(b);
}
