import { findPlan } from "@rebound/contracts/domain";
import { AppError, conflict, type InternalUser } from "@rebound/platform";
import type { z } from "zod";
import type { BillingDeps } from "../billing-deps";
import { findUserAccount } from "../get-billing/user-account";
import { syncAccount } from "../sync-account/sync-account.use-case";
import type { confirmSetupSchema, createPaymentIntentSchema } from "./payment-setup.schema";

export interface PaymentSecret {
  clientSecret: string;
  provider: "stripe" | "local";
  publishableKey?: string;
}

export function secretOf(deps: BillingDeps, clientSecret: string): PaymentSecret {
  return {
    clientSecret,
    provider: deps.provider.kind,
    ...(deps.provider.publishableKey ? { publishableKey: deps.provider.publishableKey } : {}),
  };
}

/** The sign-up page's payment setup: a SetupIntent (off-session use) for the card form. */
export async function createPaymentIntent(deps: BillingDeps, input: z.infer<typeof createPaymentIntentSchema>): Promise<PaymentSecret> {
  const plan = findPlan(input.plan)?.name ?? "professional";
  const intent = await deps.provider.createSetupIntent({ purpose: "signup", plan, frequency: input.billing });
  return secretOf(deps, intent.clientSecret);
}

const LOCAL_ONLY = "Card confirmation here is only for the local payment provider.";

/** The local provider's card confirmation -> a payment method id (or the provider's decline). */
export async function confirmLocalSetup(deps: BillingDeps, input: z.infer<typeof confirmSetupSchema>): Promise<{ paymentMethodId: string }> {
  if (!deps.provider.confirmSetup) throw new AppError("NOT_FOUND", LOCAL_ONLY);
  const { paymentMethodId } = await deps.provider.confirmSetup(input);
  return { paymentMethodId };
}

/** A new default card for the signed-in user's customer; a past-due invoice is retried with it. */
export async function updatePaymentMethod(deps: BillingDeps, user: InternalUser, paymentMethodId: string): Promise<{ message: string }> {
  const account = await findUserAccount(deps, user.id);
  if (!account) throw conflict("You have no billing account yet. Choose a plan to subscribe.");
  await deps.provider.setDefaultPaymentMethod(account.customer.id, paymentMethodId);
  await syncAccount(deps, account.customer.id);
  return { message: "Your payment method has been updated." };
}
