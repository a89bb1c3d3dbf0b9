import { api } from "@/shared/api/client";

/** What billing answers when a payment form is set up (create-payment-intent / create-subscription). */
export interface PaymentSetup {
  clientSecret: string;
  provider: "stripe" | "local";
  publishableKey?: string;
}

export interface PaymentIntentInput {
  amount: number;
  plan: string;
  billing: string;
}

/** POST /api/create-payment-intent (public): the secret the sign-up payment form confirms. */
export function createPaymentIntent(input: PaymentIntentInput): Promise<PaymentSetup> {
  return api.post<PaymentSetup>("/api/create-payment-intent", input);
}

/** POST /api/create-subscription (signed in): the secret the checkout payment form confirms. */
export function createSubscription(input: { priceId: string; billingFrequency: string }): Promise<PaymentSetup> {
  return api.post<PaymentSetup>("/api/create-subscription", input);
}

export interface LocalCardInput {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** POST /api/billing/local/confirm-setup: the local provider's card confirmation (402 when declined). */
export function confirmLocalSetup(input: LocalCardInput): Promise<{ paymentMethodId: string }> {
  return api.post("/api/billing/local/confirm-setup", input);
}

/** POST /api/billing/local/confirm-subscription. */
export function confirmLocalSubscription(input: { clientSecret: string; paymentMethodId: string }): Promise<{ message: string }> {
  return api.post("/api/billing/local/confirm-subscription", input);
}

/** The outcome of confirming a payment form. */
export type ConfirmResult = { ok: true; paymentMethodId: string } | { ok: false; message?: string; invalidInput?: boolean };

/** What a payment form gives the screen that submits it. */
export interface PaymentHandle {
  confirm: () => Promise<ConfirmResult>;
}
