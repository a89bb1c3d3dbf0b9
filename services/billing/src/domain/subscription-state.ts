import { billingFrequencyFromName, billingV1, planFromName, timestampFromDate, type EventPayloadInit } from "@rebound/contracts";
import { isInGoodStanding, monthlyCallCap, type BillingFrequency, type PlanName, type SubscriptionStatusName } from "@rebound/contracts/domain";
import type { ProviderSubscription } from "../provider/payment-provider";

/** The subscription state other services learn from SubscriptionChanged. */
export interface EffectiveSubscription {
  subscriptionId: string;
  plan: PlanName;
  frequency: BillingFrequency;
  status: SubscriptionStatusName;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  endedAt: number | null;
}

/** The customer's subscription that counts: the newest one (a new checkout supersedes an ended one). */
export function effectiveSubscription(subscriptions: ProviderSubscription[]): ProviderSubscription | undefined {
  const live = subscriptions.filter((s) => s.status !== "incomplete_expired");
  return [...live].sort((a, b) => b.created.getTime() - a.created.getTime())[0];
}

export function toEffective(subscription: ProviderSubscription): EffectiveSubscription {
  return {
    subscriptionId: subscription.id,
    plan: subscription.plan,
    frequency: subscription.frequency,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.currentPeriodStart.getTime(),
    currentPeriodEnd: subscription.currentPeriodEnd.getTime(),
    trialEnd: subscription.trialEnd ? subscription.trialEnd.getTime() : null,
    endedAt: subscription.endedAt ? subscription.endedAt.getTime() : null,
  };
}

/** Canonical form, compared with the last published one to decide whether to publish. */
export function stateKey(state: EffectiveSubscription): string {
  return JSON.stringify([
    state.subscriptionId,
    state.plan,
    state.frequency,
    state.status,
    state.cancelAtPeriodEnd,
    state.currentPeriodStart,
    state.currentPeriodEnd,
    state.trialEnd,
    state.endedAt,
  ]);
}

const { SubscriptionStatus } = billingV1;

export function statusEnum(status: SubscriptionStatusName): billingV1.SubscriptionStatus {
  switch (status) {
    case "trialing":
      return SubscriptionStatus.TRIALING;
    case "active":
      return SubscriptionStatus.ACTIVE;
    case "past_due":
      return SubscriptionStatus.PAST_DUE;
    case "canceled":
    case "incomplete_expired":
      return SubscriptionStatus.CANCELED;
    case "incomplete":
      return SubscriptionStatus.INCOMPLETE;
    case "unpaid":
      return SubscriptionStatus.UNPAID;
  }
}

export interface ChangeContext {
  userId: string;
  businessId?: string | null;
  customerId: string;
  provider: "stripe" | "local";
  now: Date;
}

/** The SubscriptionChanged payload: the full state. A canceled subscription changed when it ended. */
export function subscriptionChangedPayload(state: EffectiveSubscription, context: ChangeContext): EventPayloadInit<"SubscriptionChanged"> {
  const changedAt = state.status === "canceled" && state.endedAt ? new Date(state.endedAt) : context.now;
  return {
    userId: context.userId,
    businessId: context.businessId ?? "",
    plan: planFromName(state.plan),
    billingFrequency: billingFrequencyFromName(state.frequency),
    status: statusEnum(state.status),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodStart: timestampFromDate(new Date(state.currentPeriodStart)),
    currentPeriodEnd: timestampFromDate(new Date(state.currentPeriodEnd)),
    ...(state.trialEnd ? { trialEndsAt: timestampFromDate(new Date(state.trialEnd)) } : {}),
    providerCustomerId: context.customerId,
    providerSubscriptionId: state.subscriptionId,
    provider: context.provider,
    monthlyCallCap: monthlyCallCap(state.plan),
    changedAt: timestampFromDate(changedAt),
  };
}

/** A subscription that still gives access (texting, the number): contracts' one rule. */
export function isLive(status: SubscriptionStatusName): boolean {
  return isInGoodStanding(status);
}
