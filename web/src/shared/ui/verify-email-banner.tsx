import { CloseOutlined, MailOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import Button from "antd/es/button";
import { useState } from "react";
import { errorMessage } from "@/shared/api/client";
import { useUser } from "@/shared/auth/get-user";
import { resendVerification } from "@/shared/auth/logout";
import { toast } from "./toast/toast-store";

export const USER_POLL_MS = 30_000;

/** The yellow banner for a signed-in user whose e-mail is unverified; the user is refetched every 30 s while it shows. */
export function VerifyEmailBanner() {
  const [dismissed, setDismissed] = useState(false);
  const { user } = useUser();
  const visible = Boolean(user && !user.isEmailVerified && !dismissed);
  useUser(visible ? USER_POLL_MS : undefined);
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (result) => toast({ title: "Verification email sent", description: result?.message ?? "Check your inbox for the link." }),
    onError: (error) =>
      toast({ title: "Verification failed", description: errorMessage(error, "Failed to resend verification email."), variant: "destructive" }),
  });
  if (!visible || !user) return null;
  return (
    <div className="rb-verify-banner" role="region" aria-label="Email verification">
      <div className="rb-container rb-verify-banner__inner">
        <MailOutlined aria-hidden />
        <p>
          {/* An address changed in settings gets the link (the account switches to it when followed). */}
          Please verify your email address. We sent a link to <strong>{user.pendingEmail ?? user.email}</strong>.
        </p>
        <Button size="middle" onClick={() => resend.mutate()} loading={resend.isPending}>
          Resend Email
        </Button>
        <Button type="text" shape="circle" icon={<CloseOutlined />} aria-label="Dismiss" onClick={() => setDismissed(true)} />
      </div>
    </div>
  );
}
