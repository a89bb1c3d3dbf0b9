import { CheckOutlined, LockOutlined, WarningOutlined } from "@ant-design/icons";
import { formatDollars, TRIAL_DAYS, type BillingFrequency, type PlanDefinition } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Button, Spin } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "@/shared/api/client";
import { USER_QUERY_KEY } from "@/shared/auth/get-user";
import { billingQueryOptions } from "@/shared/billing/get-billing";
import { businessQueryOptions } from "@/shared/business/get-business";
import { confirmLocalSubscription, createSubscription, type PaymentHandle } from "@/shared/payment/payment-api";
import { PaymentMethod } from "@/shared/payment/payment-method";
import { toast } from "@/shared/ui/toast/toast-store";

export const SETUP_FAILED = "Failed to initialize payment. Please try again.";

/** Checkout: loading, error (Try Again reloads), ready, processing; success goes to /dashboard. */
export function CheckoutView({ plan, frequency }: { plan: PlanDefinition; frequency: BillingFrequency }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payment = useRef<PaymentHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const setup = useMutation({
    mutationFn: async () => {
      const answer = await createSubscription({ priceId: `${plan.name}-${frequency}`, billingFrequency: frequency });
      if (!answer?.clientSecret) throw new Error(SETUP_FAILED);
      return answer;
    },
    onError: () => toast({ title: "Setup Error", description: SETUP_FAILED, variant: "destructive" }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setup.mutate();
  }, [setup]);
  const onReady = useCallback((handle: PaymentHandle) => {
    payment.current = handle;
    setReady(true);
  }, []);

  const price = frequency === "yearly" ? `${formatDollars(plan.yearlyCents)}/year` : `${formatDollars(plan.monthlyCents)}/month`;

  const subscribe = async () => {
    if (!payment.current || !setup.data) return;
    setProcessing(true);
    try {
      const confirmed = await payment.current.confirm();
      if (!confirmed.ok) {
        if (!confirmed.invalidInput || confirmed.message) {
          toast({ title: "Payment Failed", description: confirmed.message ?? "An unexpected error occurred", variant: "destructive" });
        }
        return;
      }
      if (setup.data.provider === "local") {
        await confirmLocalSubscription({ clientSecret: setup.data.clientSecret, paymentMethodId: confirmed.paymentMethodId });
      }
      // What showed the account without a subscription is read again: the dashboard's plan banner
      // starts from nothing (no stale "choose a plan" while it refetches), the user and business refresh.
      void queryClient.resetQueries({ queryKey: billingQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey });
      toast({ title: "Payment Successful", description: "Welcome to Rebound! Your subscription is now active." });
      void navigate({ to: "/dashboard" });
    } catch (error) {
      toast({
        title: "Payment Error",
        description: error instanceof ApiError ? errorMessage(error, "An unexpected error occurred") : "An unexpected error occurred",
        variant: "destructive",
      });
    } finally {
      setProcessing(false);
    }
  };

  if (setup.isIdle || setup.isPending) {
    return (
      <div className="rb-center-card" role="status">
        <Spin size="large" />
        <p className="rb-muted">Setting up your subscription...</p>
      </div>
    );
  }
  if (setup.isError || !setup.data) {
    return (
      <div className="rb-center-card">
        <WarningOutlined className="rb-auth__icon rb-auth__icon--danger" aria-hidden />
        <h1 className="rb-h2">We couldn't set up your payment</h1>
        <p className="rb-muted">{SETUP_FAILED}</p>
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="rb-checkout">
      <section className="rb-card rb-checkout__summary" aria-labelledby="summary-title">
        <h1 id="summary-title" className="rb-h2">
          {plan.displayName} plan
        </h1>
        <p className="rb-plan__price">
          <strong>{price}</strong>
        </p>
        <p className="rb-checkout__trial">Includes the {TRIAL_DAYS}-day trial for $1: your plan price starts after the trial.</p>
        <ul className="rb-checklist rb-checklist--icons">
          {plan.features.map((feature) => (
            <li key={feature}>
              <CheckOutlined aria-hidden /> {feature}
            </li>
          ))}
        </ul>
      </section>
      <section className="rb-card" aria-labelledby="pay-title">
        <h2 id="pay-title" className="rb-h3">
          <LockOutlined aria-hidden /> Payment details
        </h2>
        <PaymentMethod setup={setup.data} onReady={onReady} />
        <Button
          type="primary"
          size="large"
          block
          disabled={!ready || processing}
          loading={processing}
          onClick={() => void subscribe()}
          className="rb-checkout__submit"
        >
          {processing ? "Processing..." : "Subscribe"}
        </Button>
      </section>
    </div>
  );
}
