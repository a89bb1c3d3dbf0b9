import { createLink } from "@tanstack/react-router";
import Button, { type ButtonProps } from "antd/es/button";
import { forwardRef } from "react";

/** `buttonType` because the router's Link keeps `type` for itself. */
type AnchorButtonProps = Omit<ButtonProps, "href" | "type"> & { href?: string; buttonType?: ButtonProps["type"] };

const AnchorButton = forwardRef<HTMLAnchorElement, AnchorButtonProps>(function AnchorButton({ buttonType, ...props }, ref) {
  return <Button {...props} type={buttonType} ref={ref as never} />;
});

/** A router link that looks like an antd button (client-side navigation, real <a href>). */
export const LinkButton = createLink(AnchorButton);
