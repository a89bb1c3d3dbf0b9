import { CheckCircleFilled, QuestionCircleOutlined, WarningFilled } from "@ant-design/icons";
import { Button } from "antd";
import type { ReactNode } from "react";
import { useBusiness } from "@/shared/business/get-business";
import { Badge } from "@/shared/ui/badge";
import { statusLine } from "./forwarding-display";
import { useForwardingStatus, type ForwardingStatusName } from "./forwarding-status";

export const STATUS_ICONS: Record<ForwardingStatusName, ReactNode> = {
  verified: <CheckCircleFilled aria-hidden />,
  check_needed: <WarningFilled aria-hidden />,
  unknown: <QuestionCircleOutlined aria-hidden />,
};

/**
 * 'Forwarding: verified <date>' / 'Forwarding: check needed since <date>' (issue 28), for Setup and
 * Test. Nothing while telephony does not serve the status yet.
 */
export function ForwardingStatusLine() {
  const status = useForwardingStatus();
  const business = useBusiness();
  if (status.isPending) {
    return (
      <p className="rb-watch-line rb-muted" aria-busy="true" data-testid="forwarding-status-loading">
        Checking your forwarding...
      </p>
    );
  }
  if (status.isError) {
    return (
      <p className="rb-watch-line rb-muted" role="status" data-testid="forwarding-status">
        We couldn't load your forwarding status.{" "}
        <Button type="link" size="small" className="rb-inline-link" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!status.data) return null;
  const line = statusLine(status.data, business.data?.timeZone);
  return (
    <p className="rb-watch-line" data-testid="forwarding-status" data-status={status.data.status}>
      <Badge tone={line.tone}>
        {STATUS_ICONS[status.data.status]} {line.label}
      </Badge>
    </p>
  );
}
