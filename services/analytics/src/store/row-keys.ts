// factKey of a stored row (domain/merge.ts's factKey, computed from the row instead of the fact).
import type { ProjectionTable } from "../domain/projection-rows";

const KEY_FIELDS: Readonly<Record<ProjectionTable, string[]>> = {
  businesses: ["businessId"],
  calls: ["businessId", "callId"],
  texts: ["businessId", "smsId"],
  suppressions: ["businessId", "callId"],
  inbound: ["businessId", "messageSid"],
  optOuts: ["businessId", "eventId"],
  outcomes: ["businessId", "callerNumber"],
};

export function factKeyOfRow(table: ProjectionTable, row: Record<string, unknown>): string {
  return KEY_FIELDS[table].map((field) => String(row[field])).join("/");
}
