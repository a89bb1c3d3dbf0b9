import { BellOutlined, DownOutlined } from "@ant-design/icons";
import { useNavigate } from "@tanstack/react-router";
import { Avatar, Button, Dropdown, Popover, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { displayName, userInitial, type CurrentUser } from "@/shared/auth/get-user";
import { useLogout } from "@/shared/auth/logout";

/** The signed-in side of the navigation bar: `extra`, Notifications and the account menu (loaded only for a signed-in user). */
export function AccountActions({ user, extra }: { user: CurrentUser; extra?: ReactNode }) {
  const navigate = useNavigate();
  const signOut = useLogout();

  const items: MenuProps["items"] = [
    { key: "/app/how-it-works", label: "My Account" },
    { key: "/settings", label: "Settings" },
    { key: "/billing", label: "Billing & Plans" },
    { type: "divider" },
    { key: "sign-out", label: signOut.isPending ? "Signing Out..." : "Sign Out", danger: true, disabled: signOut.isPending },
  ];
  const onMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "sign-out") signOut.mutate();
    else void navigate({ to: key });
  };

  return (
    <>
      {extra}
      <Popover content={<p className="rb-popover-text">You're all caught up. Missed-call texts will show here.</p>} trigger="click" placement="bottomRight">
        <Button type="text" shape="circle" size="large" icon={<BellOutlined />} aria-label="Notifications" />
      </Popover>
      <Dropdown menu={{ items, onClick: onMenu }} trigger={["click"]} placement="bottomRight">
        <Button type="text" size="large" className="rb-account-button" aria-label={`Account menu for ${displayName(user)}`}>
          <Avatar size={32} className="rb-avatar">
            {userInitial(user)}
          </Avatar>
          <span className="rb-account-button__name">{displayName(user)}</span>
          <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    </>
  );
}
