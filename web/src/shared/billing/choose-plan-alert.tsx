import { Alert } from "antd";
import type { ReactNode } from "react";
import { LinkButton } from "@/shared/ui/link-button";
import type { CheckoutTarget } from "./plan-notice";

export const CHOOSE_PLAN_LABEL = "Choose a Plan";

/** The primary button to checkout with the owner's plan and frequency. */
export function ChoosePlanButton({
  checkout,
  size = "middle",
  label = CHOOSE_PLAN_LABEL,
}: {
  checkout: CheckoutTarget;
  size?: "middle" | "large";
  label?: string;
}) {
  return (
    <LinkButton to="/checkout/{-$plan}/{-$frequency}" params={{ plan: checkout.plan, frequency: checkout.frequency }} buttonType="primary" size={size}>
      {label}
    </LinkButton>
  );
}

/** A warning with the way to checkout beside it (below it on a phone). */
export function ChoosePlanAlert({
  title,
  description,
  checkout,
  testId,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  checkout: CheckoutTarget;
  testId?: string;
  className?: string;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      title={title}
      description={description}
      action={<ChoosePlanButton checkout={checkout} />}
      className={`rb-plan-alert${className ? ` ${className}` : ""}`}
      data-testid={testId}
    />
  );
}
