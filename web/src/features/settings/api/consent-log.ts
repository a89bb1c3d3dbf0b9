/** GET: the signed-in owner's consent log as a CSV download (the session cookie authenticates a plain link). */
export const CONSENT_LOG_CSV_PATH = "/api/messaging/consent-log.csv";
export const CONSENT_LOG_FILE_NAME = "rebound-consent-log.csv";
