import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { Input, type InputProps, type InputRef } from "antd";
import { forwardRef, useState } from "react";

/** A password field with a keyboard-reachable show/hide button. */
export const PasswordInput = forwardRef<InputRef, Omit<InputProps, "type" | "suffix">>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      ref={ref}
      type={visible ? "text" : "password"}
      suffix={
        <button
          type="button"
          className="rb-password-toggle"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
        </button>
      }
    />
  );
});
