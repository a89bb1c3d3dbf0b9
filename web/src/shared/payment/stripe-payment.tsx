import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useMemo } from "react";
import { brand } from "@/theme";
import type { PaymentHandle } from "./payment-api";

const stripePromises = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripePromises.has(key)) stripePromises.set(key, loadStripe(key));
  return stripePromises.get(key)!;
};

function PaymentElementForm({ clientSecret, onReady }: { clientSecret: string; onReady: (handle: PaymentHandle) => void }) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      confirm: async () => {
        const submitted = await elements.submit();
        if (submitted.error) return { ok: false, message: submitted.error.message, invalidInput: true };
        const confirmParams = { return_url: `${window.location.origin}/dashboard` };
        if (clientSecret.startsWith("seti_")) {
          const result = await stripe.confirmSetup({ elements, clientSecret, confirmParams, redirect: "if_required" });
          if (result.error) return { ok: false, message: result.error.message };
          const method = result.setupIntent?.payment_method;
          const id = typeof method === "string" ? method : method?.id;
          return id ? { ok: true, paymentMethodId: id } : { ok: false };
        }
        const result = await stripe.confirmPayment({ elements, clientSecret, confirmParams, redirect: "if_required" });
        if (result.error) return { ok: false, message: result.error.message };
        const method = result.paymentIntent?.payment_method;
        const id = typeof method === "string" ? method : method?.id;
        return id ? { ok: true, paymentMethodId: id } : { ok: false };
      },
    });
  }, [clientSecret, elements, onReady, stripe]);

  return <PaymentElement options={{ layout: "tabs", defaultValues: { billingDetails: { address: { country: "US" } } }, terms: { card: "never" } }} />;
}

/** Stripe's Payment Element (loaded only when billing answers with a publishable key). */
export default function StripePayment({
  publishableKey,
  clientSecret,
  onReady,
}: {
  publishableKey: string;
  clientSecret: string;
  onReady: (handle: PaymentHandle) => void;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: { theme: "stripe", variables: { colorPrimary: brand.primary, borderRadius: `${brand.radius}px`, fontFamily: brand.font } },
      }}
    >
      <PaymentElementForm clientSecret={clientSecret} onReady={onReady} />
    </Elements>
  );
}
