import { Form } from "antd";
import { cloneElement, type ReactElement } from "react";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  extra?: string;
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled field: the control gets the id, aria-invalid and aria-describedby of its error. */
export function FormField({ id, label, error, extra, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? "error" : undefined}
      help={error ? <span id={errorId}>{error}</span> : undefined}
      extra={extra}
    >
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
    </Form.Item>
  );
}
