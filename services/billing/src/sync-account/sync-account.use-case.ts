import type { BillingDeps } from "../billing-deps";
import { effectiveSubscription, stateKey, subscriptionChangedPayload, toEffective, type EffectiveSubscription } from "../domain/subscription-state";
import type { ProviderAccount } from "../provider/payment-provider";
import type { CustomerRecord } from "../store/customer.repository";

export interface SyncResult {
  /** False when the customer is unknown to billing, or the event was handled before. */
  synced: boolean;
  customer?: CustomerRecord;
  account?: ProviderAccount;
  before?: EffectiveSubscription;
  after?: EffectiveSubscription;
  /** A SubscriptionChanged was appended. */
  published: boolean;
  /** The event was handled before: nothing changed. */
  duplicate?: boolean;
}

/**
 * Reads the customer's account from the provider and writes billing's mirror, in one transaction
 * with SubscriptionChanged when the effective subscription of a confirmed customer changed (and with
 * the provider event's "processed" mark when one triggered the sync: a replay changes nothing).
 */
export async function syncAccount(deps: BillingDeps, customerId: string, event?: { id: string; type: string }): Promise<SyncResult> {
  const known = await deps.customers.findById(customerId);
  if (!known) {
    if (event) await deps.db.transaction((tx) => deps.paymentEvents.markProcessed(tx, event.id, event.type, deps.clock.now()));
    return { synced: false, published: false };
  }
  const account = await deps.provider.fetchAccount(customerId);
  // Read before the transaction: PGlite has one connection, the root client would wait for it.
  const previous = (await deps.mirror.subscriptions(customerId))[0];
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<SyncResult> => {
    if (event && !(await deps.paymentEvents.markProcessed(tx, event.id, event.type, now))) return { synced: false, published: false, duplicate: true };
    const customer = await deps.customers.lockById(tx, customerId);
    if (!customer) return { synced: false, published: false };
    await deps.mirror.replace(tx, account, now);
    const current = effectiveSubscription(account.subscriptions);
    const after = current ? toEffective(current) : undefined;
    const before = previous ? toEffective(previous) : undefined;
    let published = false;
    const patch: Parameters<typeof deps.customers.update>[2] = {
      defaultPaymentMethodId: account.customer.defaultPaymentMethodId ?? null,
    };
    if (after && customer.signupState === "confirmed" && customer.userId) {
      const key = stateKey(after);
      if (key !== customer.publishedState) {
        tx.append(
          "SubscriptionChanged",
          customer.userId,
          subscriptionChangedPayload(after, { userId: customer.userId, businessId: customer.businessId, customerId, provider: deps.provider.kind, now }),
        );
        patch.publishedState = key;
        published = true;
      }
    }
    await deps.customers.update(tx, customerId, patch, now);
    return { synced: true, customer, account, ...(before ? { before } : {}), ...(after ? { after } : {}), published };
  });
}
