import { CalculatorOutlined } from "@ant-design/icons";
import { useNavigate } from "@tanstack/react-router";
import { Button } from "antd";
import { useState, type FormEvent } from "react";
import { NumberField } from "@/shared/ui/number-field";
import { CALCULATOR_DEFAULTS, type CalculatorInputs } from "../lib/loss";

/** /calculator: three inputs and a button to the results page with them as query params. */
export function CalculatorForm() {
  const navigate = useNavigate();
  const [inputs, setInputs] = useState<CalculatorInputs>({ ...CALCULATOR_DEFAULTS });
  const set = (key: keyof CalculatorInputs) => (value: number) => setInputs((current) => ({ ...current, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: "/calculator/results", search: inputs });
  };
  return (
    <div className="rb-calculator">
      <header className="rb-center rb-calculator__intro">
        <span className="rb-card__icon" aria-hidden>
          <CalculatorOutlined />
        </span>
        <h1 className="rb-h2">How much are missed calls costing you?</h1>
        <p className="rb-muted">Three numbers, ten seconds. Industry averages: a close rate of 20-30% and 40-60 missed calls a month.</p>
      </header>
      <form className="rb-card rb-calculator__form" onSubmit={onSubmit} aria-label="Revenue loss calculator">
        <NumberField id="averageValue" label="Average value of a new customer ($)" value={inputs.averageValue} onChange={set("averageValue")} prefix="$" />
        <NumberField id="missedCalls" label="Missed calls per month" value={inputs.missedCalls} onChange={set("missedCalls")} />
        <NumberField id="closeRate" label="Close rate (%)" value={inputs.closeRate} onChange={set("closeRate")} suffix="%" />
        <Button type="primary" htmlType="submit" size="large" block>
          Calculate My Lost Revenue
        </Button>
      </form>
    </div>
  );
}
