import { MailOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { Button, Input } from "antd";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { forgotPasswordSchema, useForgotPassword, type ForgotPasswordInput } from "../api/password-reset";
import { AuthCard } from "./auth-card";

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const { control, handleSubmit, formState, reset } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit((input) =>
    forgot.mutate(input, {
      onSuccess: () => setSentTo(input.email),
      onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to send reset email"), variant: "destructive" }),
    }),
  );

  if (sentTo) {
    return (
      <AuthCard
        title="Check your email"
        subtitle={
          <>
            If an account exists for <strong>{sentTo}</strong>, we sent a link to reset your password. It works for 1 hour.
          </>
        }
      >
        <div className="rb-auth__icon" aria-hidden>
          <MailOutlined />
        </div>
        <Button
          size="large"
          block
          onClick={() => {
            reset({ email: sentTo });
            setSentTo(null);
          }}
        >
          Send another email
        </Button>
        <p className="rb-auth__back">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a reset link."
      footer={
        <>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-label="Request a password reset">
        <Controller
          control={control}
          name="email"
          render={({ field }) => (
            <FormField id="email" label="Email" error={formState.errors.email?.message}>
              <Input {...field} type="email" autoComplete="email" size="large" placeholder="you@business.com" />
            </FormField>
          )}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
          Send Reset Link
        </Button>
      </form>
    </AuthCard>
  );
}
