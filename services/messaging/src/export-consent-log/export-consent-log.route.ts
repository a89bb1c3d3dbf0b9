import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { MessagingDeps } from "../messaging-deps";
import { exportConsentLog } from "./export-consent-log.use-case";

export const CONSENT_LOG_FILENAME = "rebound-consent-log.csv";
/** Excel reads a CSV as UTF-8 (emoji, full-width text) only with the byte order mark. */
const UTF8_BOM = "\uFEFF";

/** GET /api/messaging/consent-log.csv: the signed-in owner's consent log, as a download. */
export function exportConsentLogRoute(deps: MessagingDeps): RequestHandler {
  return async (_req, res) => {
    const user = currentUser(res);
    const csv = await exportConsentLog(deps, user.id);
    res
      .status(200)
      .set({
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${CONSENT_LOG_FILENAME}"`,
        "Cache-Control": "no-store",
      })
      .send(UTF8_BOM + csv);
  };
}
