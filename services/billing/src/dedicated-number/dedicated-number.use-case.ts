import type { EventEnvelope } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import type { BillingDeps } from "../billing-deps";
import { isLive } from "../domain/subscription-state";
import { findUserAccount } from "../get-billing/user-account";
import { syncAccount } from "../sync-account/sync-account.use-case";

/** PhoneNumberPurchased adds the number's item; PhoneNumberReleased removes it. */
export async function applyNumberEvent(deps: BillingDeps, event: EventEnvelope<"PhoneNumberPurchased"> | EventEnvelope<"PhoneNumberReleased">): Promise<void> {
  await setDedicatedNumber(deps, event.payload.userId, event.payload.businessId, event.type === "PhoneNumberPurchased");
}

/**
 * The dedicated number ($1.15 a month) is a second item of the user's subscription while the user
 * has a number. Also remembers the user's business id (SubscriptionChanged carries it).
 */
export async function setDedicatedNumber(deps: BillingDeps, userId: string, businessId: string, present: boolean): Promise<void> {
  if (businessId) {
    await deps.db.transaction((tx) => deps.customers.setBusinessForUser(tx, userId, businessId, deps.clock.now()));
  }
  const account = await findUserAccount(deps, userId);
  if (!account?.subscription || !isLive(account.subscription.status)) return;
  if (account.subscription.hasNumberItem === present) return;
  await deps.provider.setNumberItem(account.subscription.id, present, `number-${randomUUID()}`);
  await syncAccount(deps, account.customer.id);
}
