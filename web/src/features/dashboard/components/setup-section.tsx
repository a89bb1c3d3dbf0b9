import { ApiOutlined, InfoCircleOutlined, PhoneOutlined } from "@ant-design/icons";
import { Alert, Button, Skeleton } from "antd";
import { useBusiness } from "@/shared/business/get-business";
import { ForwardingStatusLine } from "@/shared/forwarding/forwarding-status-line";
import { codeWithNumber, FORWARDING_TABLES } from "@/shared/content/forwarding-codes";
import { formatPhoneNumber } from "@/shared/lib/status";
import { CopyButton } from "@/shared/ui/copy-button";
import { LinkButton } from "@/shared/ui/link-button";
import { dialString, universalForwardingCode } from "../lib/dial-string";
import { useDashboardDialogs } from "./dashboard-dialogs";
import { DialSteps } from "./dial-steps";
import { GetNumberCard } from "./get-number-card";
import { SectionError } from "@/shared/ui/section-error";
import { TextingRegistrationCard } from "./texting-registration-card";

export function SetupSection() {
  const business = useBusiness();
  const { openForwarding } = useDashboardDialogs();
  if (business.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (business.isError) return <SectionError onRetry={() => void business.refetch()} />;
  const number = business.data.dedicatedTwilioNumber;
  if (!number) {
    return (
      <div className="rb-section-stack">
        <header className="rb-dash-head">
          <h1 className="rb-h2">Setup</h1>
          <p className="rb-lead">First, your Rebound number: the number your missed calls forward to.</p>
        </header>
        <GetNumberCard />
        <TextingRegistrationCard hasNumber={false} />
      </div>
    );
  }
  const universal = universalForwardingCode(number);
  const perCondition = (FORWARDING_TABLES[0]?.codes ?? []).slice(1);
  return (
    <div className="rb-section-stack">
      <header className="rb-dash-head">
        <h1 className="rb-h2">Setup</h1>
        <p className="rb-lead">Forward the calls you miss to your Rebound number.</p>
      </header>
      <section className="rb-card rb-number-card" aria-labelledby="your-number">
        <h2 id="your-number" className="rb-number-card__label">
          Your Rebound number
        </h2>
        <p className="rb-number-card__value" data-testid="dedicated-number">
          <PhoneOutlined aria-hidden /> {formatPhoneNumber(number)}
        </p>
        <ForwardingStatusLine />
      </section>
      <TextingRegistrationCard hasNumber />
      <Alert
        type="warning"
        showIcon
        title="One-time setup"
        description="Dial the code below once from your business mobile phone. Forwarding stays on until you turn it off, even after a restart."
      />
      <section className="rb-card rb-universal" aria-labelledby="universal-code">
        <h2 id="universal-code" className="rb-h3">
          One code for all three: no answer, busy and unreachable
        </h2>
        <p className="rb-muted">Recommended for mobile phones (AT&T, T-Mobile and most GSM carriers).</p>
        <div className="rb-universal__code">
          <code data-testid="universal-code">{universal}</code>
          <CopyButton text={universal} label="universal forwarding code" />
        </div>
        <details className="rb-details">
          <summary>Or set each condition on its own</summary>
          <ul className="rb-fwd__codes">
            {perCondition.map((code) => {
              const text = codeWithNumber(code.activate, dialString(number));
              return (
                <li key={code.activate}>
                  <span className="rb-fwd__purpose">{code.purpose}</span>
                  <span className="rb-code">
                    <code>{text}</code>
                    <CopyButton text={text} label={`code for ${code.purpose}`} />
                  </span>
                </li>
              );
            })}
          </ul>
        </details>
        <DialSteps code={universal} />
        <div className="rb-actions">
          <Button icon={<InfoCircleOutlined />} onClick={() => openForwarding("landline")}>
            Landline or VoIP instructions
          </Button>
          <LinkButton to="/app/{-$section}" params={{ section: "test" }} buttonType="primary" icon={<ApiOutlined />}>
            Test Call Forwarding
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
