import { DownloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { CONSENT_LOG_CSV_PATH, CONSENT_LOG_FILE_NAME } from "../api/consent-log";

/** The consent log: every opt-out and opt-in, exported as CSV for the owner's records. */
export function ConsentLogCard() {
  return (
    <section className="rb-card rb-form-card" aria-labelledby="consent-log-settings">
      <h2 id="consent-log-settings" className="rb-h3">
        Consent log
      </h2>
      <p className="rb-muted">Every opt-out and opt-in your callers sent, with the reply they got, for your records.</p>
      <Button icon={<DownloadOutlined />} href={CONSENT_LOG_CSV_PATH} download={CONSENT_LOG_FILE_NAME} className="rb-start">
        Export CSV
      </Button>
    </section>
  );
}
