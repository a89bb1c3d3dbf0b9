import { CheckOutlined } from "@ant-design/icons";
import { formatDollars, PLANS, TRIAL_DAYS, YEARLY_DISCOUNT_PERCENT, type BillingFrequency, type PlanDefinition } from "@rebound/contracts/domain";
import { useState } from "react";
import { LinkButton } from "@/shared/ui/link-button";
import { SegmentedToggle } from "@/shared/ui/segmented-toggle";

/** What a plan card shows for the chosen billing frequency (prices from the plan catalogue only). */
export function planPriceDisplay(plan: PlanDefinition, frequency: BillingFrequency) {
  return frequency === "yearly"
    ? { price: formatDollars(plan.yearlyCents), per: "/year", was: formatDollars(plan.yearlyWasCents) }
    : { price: formatDollars(plan.monthlyCents), per: "/month", was: undefined };
}

export function Pricing() {
  const [frequency, setFrequency] = useState<BillingFrequency>("monthly");
  return (
    <section id="pricing" className="rb-section rb-section--tinted rb-anchor" aria-labelledby="pricing-title">
      <div className="rb-container">
        <h2 id="pricing-title" className="rb-h2 rb-center">
          Simple pricing. Start for $1.
        </h2>
        <p className="rb-muted rb-center rb-section__lead">Every plan: {TRIAL_DAYS}-day trial for $1, cancel anytime, no setup fees.</p>
        <div className="rb-center rb-pricing__toggle">
          <SegmentedToggle<BillingFrequency>
            name="landing-billing"
            label="Billing frequency"
            value={frequency}
            onChange={setFrequency}
            options={[
              { value: "monthly", label: "Monthly" },
              { value: "yearly", label: `Yearly (save ${YEARLY_DISCOUNT_PERCENT}%)` },
            ]}
          />
        </div>
        <ul className="rb-grid rb-grid--3 rb-pricing">
          {PLANS.map((plan) => {
            const display = planPriceDisplay(plan, frequency);
            return (
              <li key={plan.name} className={`rb-card rb-plan${plan.popular ? " rb-plan--popular" : ""}`} data-testid={`plan-${plan.name}`}>
                {plan.popular ? <span className="rb-plan__badge">Most Popular</span> : null}
                <h3 className="rb-h3">{plan.displayName}</h3>
                <p className="rb-plan__price">
                  <strong data-testid="plan-price">{display.price}</strong>
                  <span>{display.per}</span>
                  {display.was ? (
                    <s className="rb-plan__was" aria-label={`was ${display.was}`}>
                      {display.was}
                    </s>
                  ) : null}
                </p>
                <ul className="rb-checklist rb-checklist--icons">
                  {plan.features.map((feature) => (
                    <li key={feature}>
                      <CheckOutlined aria-hidden /> {feature}
                    </li>
                  ))}
                </ul>
                <LinkButton
                  to="/register"
                  search={{ plan: plan.urlName, frequency }}
                  buttonType={plan.popular ? "primary" : "default"}
                  size="large"
                  block
                  aria-label={`Start Free Trial, ${plan.displayName} plan`}
                >
                  Start Free Trial
                </LinkButton>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
