import { CheckCircleFilled } from "@ant-design/icons";
import { TRIAL_DAYS } from "@rebound/contracts/domain";
import { formatUsd } from "@/shared/lib/money";
import { LinkButton } from "@/shared/ui/link-button";
import { annualLoss, FORMULA_TEXT, monthlyLoss, type CalculatorInputs } from "../lib/loss";

const SELLING_POINTS = ["Setup in 5 minutes", "SMS within seconds", `${TRIAL_DAYS} days free`];
const TRIAL_INCLUDES = [
  "Automated SMS responses",
  "Custom message templates",
  "Real-time analytics",
  "Business hours scheduling",
  "Priority support",
  "No setup or cancellation fees",
];

export function CalculatorResults({ inputs }: { inputs: CalculatorInputs }) {
  const monthly = monthlyLoss(inputs);
  const annual = annualLoss(inputs);
  return (
    <div className="rb-calculator rb-calculator--results">
      <header className="rb-center rb-calculator__intro">
        <h1 className="rb-h2">Your missed calls are costing you</h1>
      </header>
      <div className="rb-grid rb-grid--2 rb-results__totals">
        <div className="rb-card rb-results__total">
          <span className="rb-muted">Monthly loss</span>
          <strong data-testid="monthly-loss">{formatUsd(monthly)}</strong>
        </div>
        <div className="rb-card rb-results__total rb-results__total--annual">
          <span className="rb-muted">Annual loss</span>
          <strong data-testid="annual-loss">{formatUsd(annual)}</strong>
        </div>
      </div>
      <section className="rb-card rb-results__inputs" aria-labelledby="inputs-title">
        <h2 id="inputs-title" className="rb-h3">
          Based on your numbers
        </h2>
        <dl className="rb-results__list">
          <div>
            <dt>Average customer value</dt>
            <dd data-testid="input-averageValue">{formatUsd(inputs.averageValue)}</dd>
          </div>
          <div>
            <dt>Missed calls per month</dt>
            <dd data-testid="input-missedCalls">{inputs.missedCalls.toLocaleString("en-US")}</dd>
          </div>
          <div>
            <dt>Close rate</dt>
            <dd data-testid="input-closeRate">{inputs.closeRate}%</dd>
          </div>
        </dl>
        <p className="rb-muted rb-results__formula">{FORMULA_TEXT}</p>
      </section>
      <section className="rb-card rb-results__cta" aria-labelledby="recover-title">
        <h2 id="recover-title" className="rb-h3">
          Win those callers back with Rebound
        </h2>
        <ul className="rb-results__points">
          {SELLING_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p className="rb-results__includes-title">Your free trial includes:</p>
        <ul className="rb-checklist rb-checklist--icons rb-results__includes">
          {TRIAL_INCLUDES.map((item) => (
            <li key={item}>
              <CheckCircleFilled aria-hidden /> {item}
            </li>
          ))}
        </ul>
        <div className="rb-results__actions">
          <LinkButton to="/register" buttonType="primary" size="large">
            Start Free Trial
          </LinkButton>
          <LinkButton to="/calculator" size="large">
            Recalculate
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
