import { CheckCircleFilled } from "@ant-design/icons";
import { formatDollars, PLANS, YEARLY_DISCOUNT_PERCENT, type BillingFrequency, type PlanDefinition, type PlanUrlName } from "@rebound/contracts/domain";
import { Grid } from "antd";
import { SegmentedToggle } from "@/shared/ui/segmented-toggle";

interface PlanPickerProps {
  plan: PlanUrlName;
  frequency: BillingFrequency;
  onPlanChange: (plan: PlanUrlName) => void;
  onFrequencyChange: (frequency: BillingFrequency) => void;
}

const priceOf = (plan: PlanDefinition, frequency: BillingFrequency) =>
  frequency === "yearly" ? `${formatDollars(plan.yearlyCents)}/year` : `${formatDollars(plan.monthlyCents)}/month`;

/** Starter / Professional / Enterprise ('custom'): a select on narrow screens, cards with a 'Selected' badge on wide ones. */
export function PlanPicker({ plan, frequency, onPlanChange, onFrequencyChange }: PlanPickerProps) {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  return (
    <fieldset className="rb-plan-picker">
      <legend className="rb-h3">Choose your plan</legend>
      <SegmentedToggle<BillingFrequency>
        name="billingFrequency"
        label="Billing frequency"
        value={frequency}
        onChange={onFrequencyChange}
        options={[
          { value: "monthly", label: "Monthly" },
          { value: "yearly", label: `Yearly · ${YEARLY_DISCOUNT_PERCENT}% off` },
        ]}
      />
      {wide ? (
        <div className="rb-plan-cards" role="radiogroup" aria-label="Plan">
          {PLANS.map((item) => {
            const selected = item.urlName === plan;
            return (
              <label key={item.name} className={`rb-plan-card${selected ? " rb-plan-card--selected" : ""}`} data-testid={`plan-card-${item.urlName}`}>
                <input type="radio" name="subscriptionPlan" value={item.urlName} checked={selected} onChange={() => onPlanChange(item.urlName)} />
                <span className="rb-plan-card__head">
                  <strong>{item.displayName}</strong>
                  {selected ? (
                    <span className="rb-plan-card__badge">
                      <CheckCircleFilled aria-hidden /> Selected
                    </span>
                  ) : item.popular ? (
                    <span className="rb-plan-card__popular">Most Popular</span>
                  ) : null}
                </span>
                <span className="rb-plan-card__price">{priceOf(item, frequency)}</span>
                {frequency === "yearly" ? <span className="rb-plan-card__save">Save {YEARLY_DISCOUNT_PERCENT}%</span> : null}
                <span className="rb-plan-card__cap">{item.features[0]}</span>
              </label>
            );
          })}
        </div>
      ) : (
        <div className="rb-field">
          <label htmlFor="subscriptionPlan" className="rb-field__label">
            Plan
          </label>
          <select id="subscriptionPlan" className="rb-select" value={plan} onChange={(event) => onPlanChange(event.target.value as PlanUrlName)}>
            {PLANS.map((item) => (
              <option key={item.name} value={item.urlName}>
                {item.displayName}: {priceOf(item, frequency)}
                {frequency === "yearly" ? ` (Save ${YEARLY_DISCOUNT_PERCENT}%)` : ""}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
