import { LockOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { planByName, type BillingFrequency, type PlanUrlName } from "@rebound/contracts/domain";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Alert, Button, Input, Skeleton } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { Controller, useForm, type SubmitHandler } from "react-hook-form";
import type { z } from "zod";
import { isNetworkError } from "@/shared/api/client";
import { createPaymentIntent, type PaymentHandle } from "@/shared/payment/payment-api";
import { PaymentMethod } from "@/shared/payment/payment-method";
import { FormField } from "@/shared/ui/form-field";
import { PasswordInput } from "@/shared/ui/password-input";
import { toast } from "@/shared/ui/toast/toast-store";
import { paymentSetupErrorDescription, registerSchema, registrationErrorDescription, useRegister } from "../api/register";
import { PlanPicker } from "./plan-picker";
import { TrialPromo } from "./trial-promo";

export const REDIRECT_DELAY_MS = 100;
/** The sign-up page asks for a payment intent of Professional monthly on load (docs/product.md section 7). */
const INITIAL_INTENT = { amount: planByName("professional").monthlyCents / 100, plan: "professional", billing: "monthly" } as const;

type RegisterFormInput = z.input<typeof registerSchema>;
type RegisterFormOutput = z.output<typeof registerSchema>;

export function RegisterForm({ initialPlan, initialFrequency }: { initialPlan?: PlanUrlName; initialFrequency?: BillingFrequency }) {
  const navigate = useNavigate();
  const register = useRegister();
  const payment = useRef<PaymentHandle | null>(null);
  const [paymentReady, setPaymentReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const intent = useMutation({
    mutationFn: createPaymentIntent,
    onError: (error) => toast({ title: "Setup Error", description: paymentSetupErrorDescription(error), variant: "destructive" }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    intent.mutate(INITIAL_INTENT);
  }, [intent]);

  const onPaymentReady = useCallback((handle: PaymentHandle) => {
    payment.current = handle;
    setPaymentReady(true);
  }, []);

  const { control, handleSubmit, formState, watch, setValue } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      subscriptionPlan: initialPlan ?? "professional",
      billingFrequency: initialFrequency ?? "monthly",
    },
  });
  const plan = watch("subscriptionPlan") ?? "professional";
  const frequency = watch("billingFrequency") ?? "monthly";

  const onSubmit: SubmitHandler<RegisterFormOutput> = async (input) => {
    if (!payment.current || !paymentReady) {
      toast({ title: "Payment Error", description: "Payment system is still loading. Please wait a moment.", variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      const confirmed = await payment.current.confirm();
      if (!confirmed.ok) {
        if (!confirmed.invalidInput || confirmed.message) {
          toast({
            title: "Payment Setup Failed",
            description: confirmed.message ?? "Payment method was not properly set up. Please try again.",
            variant: "destructive",
          });
        }
        return;
      }
      await register.mutateAsync({ ...input, paymentMethodId: confirmed.paymentMethodId });
      toast({ title: "Welcome!", description: "Registration successful." });
      setTimeout(() => void navigate({ to: "/app/{-$section}", params: { section: "how-it-works" } }), REDIRECT_DELAY_MS);
    } catch (error) {
      if (isNetworkError(error)) {
        toast({ title: "Connection error", description: "Please check your internet connection and try again.", variant: "destructive" });
      } else {
        toast({ title: "Registration failed", description: registrationErrorDescription(error), variant: "destructive" });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const text = (name: "firstName" | "lastName" | "email", label: string, autoComplete: string, type = "text") => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={name} label={label} error={formState.errors[name]?.message}>
          <Input {...field} type={type} autoComplete={autoComplete} size="large" />
        </FormField>
      )}
    />
  );

  return (
    <div className="rb-auth rb-auth--wide">
      <section className="rb-auth__card" aria-labelledby="register-title">
        <h1 id="register-title" className="rb-h2">
          Create Your Account
        </h1>
        <p className="rb-muted rb-auth__subtitle">Start your $14 trial for just $1 today</p>
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="register-title" className="rb-register">
          <div className="rb-form-grid-2">
            {text("firstName", "First name", "given-name")}
            {text("lastName", "Last name", "family-name")}
          </div>
          {text("email", "Email", "email", "email")}
          <div className="rb-form-grid-2">
            <Controller
              control={control}
              name="password"
              render={({ field }) => (
                <FormField id="password" label="Password" error={formState.errors.password?.message}>
                  <PasswordInput {...field} autoComplete="new-password" size="large" />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="confirmPassword"
              render={({ field }) => (
                <FormField id="confirmPassword" label="Confirm password" error={formState.errors.confirmPassword?.message}>
                  <PasswordInput {...field} autoComplete="new-password" size="large" />
                </FormField>
              )}
            />
          </div>
          <PlanPicker
            plan={plan}
            frequency={frequency}
            onPlanChange={(value) => setValue("subscriptionPlan", value)}
            onFrequencyChange={(value) => setValue("billingFrequency", value)}
          />
          <section aria-labelledby="payment-title" className="rb-payment">
            <h2 id="payment-title" className="rb-h3">
              <LockOutlined aria-hidden /> Payment Information
            </h2>
            {intent.isPending || intent.isIdle ? (
              <div role="status" className="rb-payment__loading">
                <p className="rb-muted">Setting up payment form...</p>
                <Skeleton active paragraph={{ rows: 2 }} title={false} />
              </div>
            ) : intent.isError ? (
              <Alert type="error" showIcon title={paymentSetupErrorDescription(intent.error)} />
            ) : intent.data ? (
              <PaymentMethod setup={intent.data} onReady={onPaymentReady} />
            ) : null}
          </section>
          <TrialPromo />
          <Button type="primary" htmlType="submit" size="large" block disabled={!paymentReady || submitting} loading={submitting} className="rb-cta-accent">
            {submitting ? "Creating Account..." : "Start $14 Trial for $1"}
          </Button>
          <p className="rb-auth__back">
            Already have an account? <Link to="/login">Sign in</Link>
          </p>
        </form>
      </section>
    </div>
  );
}
