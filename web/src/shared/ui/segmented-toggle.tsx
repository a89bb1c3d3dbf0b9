interface SegmentedToggleProps<T extends string> {
  name: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A two-or-more-way toggle as a native radio group (arrow keys move between options). */
export function SegmentedToggle<T extends string>({ name, label, value, options, onChange }: SegmentedToggleProps<T>) {
  return (
    <fieldset className="rb-segmented">
      <legend className="rb-visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={`rb-segmented__option${option.value === value ? " rb-segmented__option--active" : ""}`}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
