import { findPlan, type PlanName } from "@rebound/contracts/domain";
import { AppError, conflict, type InternalUser } from "@rebound/platform";
import type { z } from "zod";
import type { BillingDeps } from "../billing-deps";
import { isLive } from "../domain/subscription-state";
import { findUserAccount } from "../get-billing/user-account";
import { secretOf, type PaymentSecret } from "../payment-setup/payment-setup.use-case";
import { syncAccount } from "../sync-account/sync-account.use-case";
import { parsePriceId, type confirmSubscriptionSchema, type createSubscriptionSchema } from "./checkout.schema";

const ALREADY_SUBSCRIBED = "You already have an active subscription. Change your plan on the Billing page instead.";

/** The user's customer row, created (confirmed, theirs) when the provider made a new customer. */
async function rememberCustomer(deps: BillingDeps, user: InternalUser, customerId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    deps.customers.insert(tx, {
      id: customerId,
      provider: deps.provider.kind,
      userId: user.id,
      email: user.email,
      name: "",
      signupState: "confirmed",
      signupKey: null,
      now,
    }),
  );
}

/** POST /api/create-subscription: checkout for a signed-in user without a live subscription. */
export async function createSubscription(deps: BillingDeps, user: InternalUser, input: z.infer<typeof createSubscriptionSchema>): Promise<PaymentSecret> {
  const account = await findUserAccount(deps, user.id);
  if (account?.subscription && isLive(account.subscription.status)) throw conflict(ALREADY_SUBSCRIBED);
  const parsed = parsePriceId(input.priceId);
  const plan = (findPlan(parsed.plan)?.name ?? "starter") as PlanName;
  const checkout = await deps.provider.beginCheckout({
    key: `checkout-${user.id}-${plan}-${parsed.frequency}-${account?.subscription?.id ?? "first"}`,
    ...(account ? { customerId: account.customer.id } : {}),
    email: account?.customer.email ?? user.email,
    name: account?.customer.name ?? "",
    userId: user.id,
    plan,
    frequency: parsed.frequency,
  });
  if (checkout.customerId && !account) await rememberCustomer(deps, user, checkout.customerId);
  return secretOf(deps, checkout.clientSecret);
}

/** Local provider: the checkout's card is confirmed; the subscription starts (trial with the $1 fee). */
export async function confirmLocalSubscription(
  deps: BillingDeps,
  user: InternalUser,
  input: z.infer<typeof confirmSubscriptionSchema>,
): Promise<{ message: string }> {
  const intent = await deps.provider.findSetupIntent?.(input.clientSecret);
  if (!intent || intent.purpose !== "checkout" || intent.userId !== user.id || !intent.plan || !intent.frequency) {
    throw new AppError("NOT_FOUND", "Checkout not found. Please start again.");
  }
  if (intent.paymentMethodId && intent.paymentMethodId !== input.paymentMethodId) {
    throw new AppError("BAD_REQUEST", "This payment method was not confirmed for this checkout.");
  }
  const account = await findUserAccount(deps, user.id);
  if (account?.subscription && isLive(account.subscription.status)) throw conflict(ALREADY_SUBSCRIBED);
  const started = await deps.provider.startSubscription({
    key: `checkout-${intent.id}`,
    ...(account ? { customerId: account.customer.id } : {}),
    email: account?.customer.email ?? user.email,
    name: account?.customer.name ?? "",
    userId: user.id,
    paymentMethodId: input.paymentMethodId,
    plan: intent.plan,
    frequency: intent.frequency,
  });
  if (!account) await rememberCustomer(deps, user, started.customerId);
  await syncAccount(deps, started.customerId);
  const display = findPlan(intent.plan)?.displayName ?? intent.plan;
  return { message: `Welcome to Rebound! Your ${display} subscription has started with the $1 trial.` };
}
