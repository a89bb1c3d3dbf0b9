import { cloneElement, type ReactElement } from "react";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  extra?: string;
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A labelled field: the control gets the id, the error status (antd's red border), aria-invalid
 * and aria-describedby of its error and hint. Plain markup styled like antd's vertical form item,
 * so no screen loads antd's Form (rc-form and its validator) only for layout.
 */
export function FormField({ id, label, error, extra, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const extraId = `${id}-extra`;
  const describedBy = [error ? errorId : undefined, extra ? extraId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error || extra ? "rb-form-item rb-form-item--with-help" : "rb-form-item"}>
      <label className="rb-form-item__label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, status: error ? "error" : undefined, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <div className="rb-form-item__error" id={errorId}>
          {error}
        </div>
      ) : null}
      {extra ? (
        <div className="rb-form-item__extra" id={extraId}>
          {extra}
        </div>
      ) : null}
    </div>
  );
}
