import { findPlan, normalizeEmail } from "@rebound/contracts/domain";
import { createHash } from "node:crypto";
import type { BillingDeps } from "../billing-deps";
import { syncAccount } from "../sync-account/sync-account.use-case";

/** What the payment step reads of a registration (contracts' registerSchema, validated by the gateway and again here). */
export interface StartSignupInput {
  email: string;
  firstName: string;
  lastName: string;
  subscriptionPlan: string;
  billingFrequency: "monthly" | "yearly";
  paymentMethodId: string;
}

export interface SignupStarted {
  /** The provider customer of the sign-up; the saga (signUp) confirms or abandons it by this id. */
  signupId: string;
  /** False when a retried registration found a sign-up started before (by this e-mail and payment method). */
  created: boolean;
}

/** Same e-mail (as identity stores it: contracts' normalizeEmail) and payment method: the same sign-up (a retried registration). */
export function signupKey(email: string, paymentMethodId: string): string {
  return createHash("sha256")
    .update(`${normalizeEmail(email)}\n${paymentMethodId}`)
    .digest("hex");
}

/**
 * The payment step of a registration, before the account exists: customer, card, trial subscription
 * and the $1 trial fee at the provider. A declined card throws PaymentDeclinedError and leaves nothing
 * behind. The customer stays pending (no SubscriptionChanged) until the account exists (confirmSignup)
 * or is abandoned. A retry with the same e-mail and payment method finds the same sign-up.
 */
export async function startSignup(deps: BillingDeps, input: StartSignupInput): Promise<SignupStarted> {
  const email = normalizeEmail(input.email);
  const key = signupKey(email, input.paymentMethodId);
  const existing = await deps.customers.findBySignupKey(key);
  if (existing) return { signupId: existing.id, created: false };
  const plan = findPlan(input.subscriptionPlan)?.name ?? "professional";
  const name = `${input.firstName} ${input.lastName}`.trim();
  const started = await deps.provider.startSubscription({
    key: `signup-${key}`,
    email,
    name,
    paymentMethodId: input.paymentMethodId,
    plan,
    frequency: input.billingFrequency,
  });
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    deps.customers.insert(tx, {
      id: started.customerId,
      provider: deps.provider.kind,
      userId: null,
      email,
      name,
      signupState: "pending",
      signupKey: key,
      now,
    }),
  );
  await syncAccount(deps, started.customerId);
  return { signupId: started.customerId, created: true };
}
