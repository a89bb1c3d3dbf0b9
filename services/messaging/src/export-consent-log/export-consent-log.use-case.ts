import { consentLogCsv } from "../domain/consent-log-csv";
import type { MessagingDeps } from "../messaging-deps";

/** The consent log of the user's own business as CSV (header only when there is nothing yet). */
export async function exportConsentLog(deps: Pick<MessagingDeps, "consentLog">, userId: string): Promise<string> {
  return consentLogCsv(await deps.consentLog.listForOwner(userId));
}
