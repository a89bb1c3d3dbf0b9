interface NumberFieldProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  prefix?: string;
  suffix?: string;
}

/** A light labelled number input (native, so the landing page ships no input library). */
export function NumberField({ id, label, value, onChange, min, max, step, prefix, suffix }: NumberFieldProps) {
  return (
    <div className="rb-field">
      <label htmlFor={id} className="rb-field__label">
        {label}
      </label>
      <div className="rb-number-input">
        {prefix ? <span aria-hidden>{prefix}</span> : null}
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={Number.isFinite(value) ? value : ""}
          onChange={(event) => {
            const next = event.target.valueAsNumber;
            onChange(Number.isFinite(next) ? next : 0);
          }}
        />
        {suffix ? <span aria-hidden>{suffix}</span> : null}
      </div>
    </div>
  );
}
