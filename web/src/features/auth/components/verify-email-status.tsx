import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from "@ant-design/icons";
import { useNavigate } from "@tanstack/react-router";
import { Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "@/shared/api/client";
import { LinkButton } from "@/shared/ui/link-button";
import { useVerifyEmail } from "../api/verify-email";
import { AuthCard } from "./auth-card";

export const VERIFIED_REDIRECT_MS = 3000;
export const EXPIRED_MESSAGE = "Your verification link has expired. Please request a new one.";

type State = { kind: "loading" } | { kind: "success" } | { kind: "expired" } | { kind: "error"; message: string };

/** The state a failed verification shows: 'expired' when the server says so (410 or a message containing 'expired'). */
export function verificationFailure(error: unknown): State {
  const message = errorMessage(error, "Verification failed");
  if ((error instanceof ApiError && error.status === 410) || /expired/i.test(message)) return { kind: "expired" };
  return { kind: "error", message };
}

export function VerifyEmailStatus({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const [state, setState] = useState<State>(token ? { kind: "loading" } : { kind: "error", message: "No verification token provided" });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: () => setState({ kind: "success" }),
      onError: (error) => setState(verificationFailure(error)),
    });
  }, [token, verify]);

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(() => void navigate({ to: "/dashboard" }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  switch (state.kind) {
    case "loading":
      return (
        <AuthCard title="Verifying your email" subtitle="This takes a moment.">
          <div className="rb-auth__icon" role="status">
            <Spin size="large" />
            <span className="rb-visually-hidden">Verifying</span>
          </div>
        </AuthCard>
      );
    case "success":
      return (
        <AuthCard title="Email verified" subtitle="Thanks! Your email is confirmed. Taking you to your dashboard in 3 seconds.">
          <div className="rb-auth__icon rb-auth__icon--success" aria-hidden>
            <CheckCircleOutlined />
          </div>
          <LinkButton to="/dashboard" buttonType="primary" size="large" block>
            Go to Dashboard
          </LinkButton>
        </AuthCard>
      );
    case "expired":
      return (
        <AuthCard title="Link expired" subtitle={EXPIRED_MESSAGE}>
          <div className="rb-auth__icon rb-auth__icon--warning" aria-hidden>
            <ClockCircleOutlined />
          </div>
          <p className="rb-muted">Sign in and choose Resend Email in the yellow banner to get a new link. It works for 24 hours.</p>
          <LinkButton to="/login" buttonType="primary" size="large" block>
            Sign In
          </LinkButton>
        </AuthCard>
      );
    case "error":
      return (
        <AuthCard title="Verification failed" subtitle={state.message}>
          <div className="rb-auth__icon rb-auth__icon--danger" aria-hidden>
            <CloseCircleOutlined />
          </div>
          <LinkButton to="/" buttonType="primary" size="large" block>
            Go Home
          </LinkButton>
        </AuthCard>
      );
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}
