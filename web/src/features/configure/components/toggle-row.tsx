import { Switch } from "antd";

/** A switch with its title, hint and On/Off wording, labelled and described for screen readers. */
export function ToggleRow({
  id,
  title,
  hint,
  checked,
  onChange,
  stateLabel,
}: {
  id: string;
  title: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  stateLabel: string;
}) {
  return (
    <div className="rb-toggle-row">
      <div>
        <span id={`${id}-label`} className="rb-toggle-row__title">
          {title}
        </span>
        <span id={`${id}-hint`} className="rb-toggle-row__hint">
          {hint}
        </span>
      </div>
      <span className="rb-toggle-row__control">
        <span className={checked ? "rb-state rb-state--on" : "rb-state"} data-testid={`${id}-state`}>
          {stateLabel}
        </span>
        <Switch id={id} checked={checked} onChange={onChange} aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} />
      </span>
    </div>
  );
}
