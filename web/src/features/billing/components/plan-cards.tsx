import { CheckOutlined } from "@ant-design/icons";
import { PLANS, type BillingFrequency, type PlanDefinition, type PlanName } from "@rebound/contracts/domain";
import { Button, Modal } from "antd";
import { useState } from "react";
import { errorMessage } from "@/shared/api/client";
import { LinkButton } from "@/shared/ui/link-button";
import { SegmentedToggle } from "@/shared/ui/segmented-toggle";
import { toast } from "@/shared/ui/toast/toast-store";
import { useChangePlan } from "../api/subscription-actions";
import { planPrice } from "../lib/billing-display";

const FREQUENCIES = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly (20% off)" },
] as const;

/**
 * Plan cards with Switch: a confirm dialog with the plan's name and price for the chosen frequency; the current plan is disabled.
 * Without a subscription in good standing (`subscribe`) there is nothing to switch from: each card goes to its checkout.
 */
export function PlanCards({ current, currentFrequency, subscribe = false }: { current: PlanName; currentFrequency: BillingFrequency; subscribe?: boolean }) {
  const [frequency, setFrequency] = useState<BillingFrequency>(currentFrequency);
  const [target, setTarget] = useState<PlanDefinition | null>(null);
  const change = useChangePlan();
  const confirm = () => {
    if (!target) return;
    change.mutate(
      { planName: target.name, billingFrequency: frequency },
      {
        onSuccess: (result) => {
          setTarget(null);
          toast({ title: "Plan Updated", description: result?.message || `You're now on ${target.displayName}.` });
        },
        onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to update plan"), variant: "destructive" }),
      },
    );
  };
  return (
    <section className="rb-billing__section" aria-labelledby="plans">
      <div className="rb-billing__head">
        <h2 id="plans" className="rb-h3">
          Plans
        </h2>
        <SegmentedToggle name="billing-frequency" label="Billing frequency" value={frequency} options={FREQUENCIES} onChange={setFrequency} />
      </div>
      <div className="rb-grid rb-grid--3 rb-billing__plans">
        {PLANS.map((plan) => {
          const isCurrent = !subscribe && plan.name === current && frequency === currentFrequency;
          return (
            <article key={plan.name} className={`rb-card rb-plan${isCurrent ? " rb-plan--current" : ""}`} data-testid={`billing-plan-${plan.name}`}>
              {isCurrent ? <span className="rb-plan__badge">Current plan</span> : plan.popular ? <span className="rb-plan__badge">Most Popular</span> : null}
              <h3 className="rb-h3">{plan.displayName}</h3>
              <p className="rb-plan__price">
                <strong>{planPrice(plan.name, frequency).split("/")[0]}</strong>
                <span>/{frequency === "yearly" ? "year" : "month"}</span>
              </p>
              <ul className="rb-checklist rb-checklist--icons">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckOutlined aria-hidden /> {feature}
                  </li>
                ))}
              </ul>
              {subscribe ? (
                <LinkButton to="/checkout/{-$plan}/{-$frequency}" params={{ plan: plan.urlName, frequency }} buttonType="primary" block>
                  {`Choose ${plan.displayName}`}
                </LinkButton>
              ) : (
                <Button type={isCurrent ? "default" : "primary"} ghost={!isCurrent} disabled={isCurrent} onClick={() => setTarget(plan)} block>
                  {isCurrent ? "Current Plan" : `Switch to ${plan.displayName}`}
                </Button>
              )}
            </article>
          );
        })}
      </div>
      <Modal
        open={target !== null}
        title={target ? `Switch to ${target.displayName}?` : ""}
        onCancel={() => setTarget(null)}
        okText="Switch Plan"
        okButtonProps={{ loading: change.isPending }}
        onOk={confirm}
      >
        {target ? (
          <>
            <p>
              You'll move to <strong>{target.displayName}</strong> at <strong>{planPrice(target.name, frequency)}</strong>.
            </p>
            <p className="rb-muted">
              The change takes effect right away: unused time on your current plan is credited (prorated), and your next billing date, limits and features
              update.
            </p>
          </>
        ) : null}
      </Modal>
    </section>
  );
}
