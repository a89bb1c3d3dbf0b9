import { ApiOutlined } from "@ant-design/icons";
import { Skeleton } from "antd";
import { useBusiness } from "@/shared/business/get-business";
import { selfTestSummary, statusExplanation, statusLine } from "@/shared/forwarding/forwarding-display";
import { useForwardingStatus } from "@/shared/forwarding/forwarding-status";
import { STATUS_ICONS } from "@/shared/forwarding/forwarding-status-line";
import { LinkButton } from "@/shared/ui/link-button";
import { SectionError } from "@/shared/ui/section-error";

const ACTION = { verified: "Go to Test", check_needed: "Test forwarding now", unknown: "Run a forwarding test" } as const;

/**
 * The dashboard's forwarding card (issue 28): verified, check needed (why, and the way to the Test
 * screen) or not confirmed yet. Only once the business has its Rebound number: before, there is
 * nothing to forward to.
 */
export function ForwardingStatusCard() {
  const business = useBusiness();
  const hasNumber = Boolean(business.data?.dedicatedTwilioNumber);
  const status = useForwardingStatus({ enabled: hasNumber });
  if (!hasNumber) return null;
  if (status.isPending) {
    return (
      <section className="rb-card" aria-busy="true" aria-label="Forwarding status">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </section>
    );
  }
  if (status.isError) return <SectionError what="your forwarding status" onRetry={() => void status.refetch()} />;
  if (!status.data) return null;
  const timeZone = business.data?.timeZone;
  const state = status.data.status;
  const line = statusLine(status.data, timeZone);
  return (
    <section
      className={`rb-card rb-watch-card rb-watch-card--${state}`}
      aria-labelledby="forwarding-card-title"
      data-testid="forwarding-card"
      data-status={state}
    >
      <span className="rb-watch-card__icon" aria-hidden>
        {STATUS_ICONS[state]}
      </span>
      <div className="rb-watch-card__body">
        <h2 id="forwarding-card-title" className="rb-h3">
          {line.label}
        </h2>
        {statusExplanation(status.data, timeZone).map((text) => (
          <p key={text} className="rb-watch-card__text">
            {text}
          </p>
        ))}
        {status.data.selfTest.enabled ? <p className="rb-muted">Weekly test: {selfTestSummary(status.data.selfTest)}.</p> : null}
      </div>
      <LinkButton
        to="/app/{-$section}"
        params={{ section: "test" }}
        buttonType={state === "check_needed" ? "primary" : "default"}
        icon={<ApiOutlined />}
        className="rb-watch-card__action"
      >
        {ACTION[state]}
      </LinkButton>
    </section>
  );
}
