import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { LocalCardForm } from "./local-card-form";
import type { PaymentHandle, PaymentSetup } from "./payment-api";

const StripePayment = lazy(() => import("./stripe-payment"));

/** The payment form billing asked for: Stripe's Payment Element with a publishable key, otherwise the local card form. */
export function PaymentMethod({ setup, onReady }: { setup: PaymentSetup; onReady: (handle: PaymentHandle) => void }) {
  if (setup.provider === "stripe" && setup.publishableKey) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
        <StripePayment publishableKey={setup.publishableKey} clientSecret={setup.clientSecret} onReady={onReady} />
      </Suspense>
    );
  }
  return <LocalCardForm clientSecret={setup.clientSecret} onReady={onReady} />;
}
