import { useState } from "react";
import { formatUsd } from "@/shared/lib/money";
import { NumberField } from "@/shared/ui/number-field";
import { monthlyRevenueMissed, ROI_DEFAULTS, roiPercent, type RoiInputs } from "../lib/roi";

const FIELDS: { key: keyof RoiInputs; label: string; min: number; max?: number; step: number; prefix?: string; suffix?: string }[] = [
  { key: "clientValue", label: "Average client value", min: 0, step: 50, prefix: "$" },
  { key: "missedCalls", label: "Missed calls per month", min: 0, step: 5 },
  { key: "closeRate", label: "Close rate", min: 0, max: 100, step: 5, suffix: "%" },
  { key: "monthlyCost", label: "Monthly cost of Rebound", min: 0, step: 10, prefix: "$" },
];

/** The landing page's revenue widget: monthly revenue missed and ROI %. */
export function RevenueWidget() {
  const [inputs, setInputs] = useState<RoiInputs>(ROI_DEFAULTS);
  const missed = monthlyRevenueMissed(inputs);
  const roi = roiPercent(inputs);
  return (
    <section className="rb-section rb-section--tinted" aria-labelledby="widget-title">
      <div className="rb-container rb-widget">
        <div className="rb-widget__intro">
          <h2 id="widget-title" className="rb-h2">
            What are missed calls costing you?
          </h2>
          <p className="rb-muted">Change the numbers to match your business. Most owners are surprised.</p>
        </div>
        <div className="rb-widget__card">
          <div className="rb-widget__inputs">
            {FIELDS.map((field) => (
              <NumberField
                key={field.key}
                id={`roi-${field.key}`}
                label={field.label}
                min={field.min}
                max={field.max}
                step={field.step}
                prefix={field.prefix}
                suffix={field.suffix}
                value={inputs[field.key]}
                onChange={(value) => setInputs((current) => ({ ...current, [field.key]: value }))}
              />
            ))}
          </div>
          <div className="rb-widget__results" aria-live="polite">
            <div>
              <span className="rb-widget__result-label">Monthly revenue missed</span>
              <strong className="rb-widget__result-value" data-testid="roi-missed">
                {formatUsd(missed)}
              </strong>
            </div>
            <div>
              <span className="rb-widget__result-label">Return on investment</span>
              <strong className="rb-widget__result-value rb-widget__result-value--accent" data-testid="roi-percent">
                {roi.toLocaleString("en-US")}%
              </strong>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
