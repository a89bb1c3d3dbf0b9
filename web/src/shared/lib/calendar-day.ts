/**
 * The calendar day ("YYYY-MM-DD") of an instant in a time zone: the business's, or the viewer's when the zone is
 * unknown to this browser (or not given).
 */
export function calendarDayIn(date: Date, timeZone?: string): string {
  const format = (zone?: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(timeZone);
  } catch {
    parts = format();
  }
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
