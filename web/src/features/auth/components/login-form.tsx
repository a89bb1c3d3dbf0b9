import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate } from "@tanstack/react-router";
import { Button, Input } from "antd";
import { PasswordInput } from "@/shared/ui/password-input";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { loginSchema, useLogin, type LoginInput } from "../api/login";
import { AuthCard } from "./auth-card";

export const REDIRECT_DELAY_MS = 100;

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const { control, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: () => {
        toast({ title: "Welcome back!", description: "Login successful." });
        setTimeout(() => void navigate({ to: "/app/{-$section}", params: { section: "how-it-works" } }), REDIRECT_DELAY_MS);
      },
      onError: (error) => toast({ title: "Login failed", description: errorMessage(error, "Invalid email or password"), variant: "destructive" }),
    }),
  );

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to see your missed calls and texts."
      footer={
        <>
          New to Rebound? <Link to="/register">Create free account</Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-label="Sign in">
        <Controller
          control={control}
          name="email"
          render={({ field }) => (
            <FormField id="email" label="Email" error={formState.errors.email?.message}>
              <Input {...field} type="email" autoComplete="email" size="large" placeholder="you@business.com" />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="password"
          render={({ field }) => (
            <FormField id="password" label="Password" error={formState.errors.password?.message}>
              <PasswordInput {...field} autoComplete="current-password" size="large" />
            </FormField>
          )}
        />
        <div className="rb-form-row-end">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </AuthCard>
  );
}
