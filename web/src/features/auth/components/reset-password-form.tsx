import { CheckCircleOutlined, WarningOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { Button } from "antd";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import { FormField } from "@/shared/ui/form-field";
import { LinkButton } from "@/shared/ui/link-button";
import { PasswordInput } from "@/shared/ui/password-input";
import { toast } from "@/shared/ui/toast/toast-store";
import { resetPasswordSchema, useResetPassword, type ResetPasswordInput } from "../api/password-reset";
import { AuthCard } from "./auth-card";

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const [done, setDone] = useState(false);
  const reset = useResetPassword();
  const { control, handleSubmit, formState } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: token ?? "", password: "", confirmPassword: "" },
  });

  if (!token) {
    return (
      <AuthCard title="Invalid Reset Link" subtitle="This password reset link is missing its token. Ask for a new link and use it within 1 hour.">
        <div className="rb-auth__icon rb-auth__icon--warning" aria-hidden>
          <WarningOutlined />
        </div>
        <LinkButton to="/forgot-password" buttonType="primary" size="large" block>
          Request a new link
        </LinkButton>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password reset complete" subtitle="Your password has been changed. Sign in with your new password.">
        <div className="rb-auth__icon rb-auth__icon--success" aria-hidden>
          <CheckCircleOutlined />
        </div>
        <LinkButton to="/login" buttonType="primary" size="large" block>
          Sign In
        </LinkButton>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit((input) =>
    reset.mutate(input, {
      onSuccess: () => setDone(true),
      onError: (error) => toast({ title: "Error", description: errorMessage(error, "Password reset failed"), variant: "destructive" }),
    }),
  );

  return (
    <AuthCard
      title="Set a new password"
      subtitle="Choose a password of at least 8 characters."
      footer={
        <>
          <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-label="Set a new password">
        <Controller
          control={control}
          name="password"
          render={({ field }) => (
            <FormField id="password" label="New password" error={formState.errors.password?.message ?? formState.errors.token?.message}>
              <PasswordInput {...field} autoComplete="new-password" size="large" />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="confirmPassword"
          render={({ field }) => (
            <FormField id="confirmPassword" label="Confirm new password" error={formState.errors.confirmPassword?.message}>
              <PasswordInput {...field} autoComplete="new-password" size="large" />
            </FormField>
          )}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
