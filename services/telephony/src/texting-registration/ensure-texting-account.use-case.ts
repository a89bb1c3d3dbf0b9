import type { ProviderAccount } from "@rebound/providers/telephony";
import { isUniqueViolation } from "../store/prisma-errors";
import type { TelephonyDeps } from "../telephony-deps";

/** Concurrent callers in this process for one business share one creation. */
const creating = new Map<string, Promise<ProviderAccount>>();

/** The friendly name of a business's subaccount at the provider. */
export function subaccountName(businessId: string): string {
  return `rebound:${businessId}`;
}

/**
 * The business's provider subaccount (Twilio: one per business, the ISV way), created the first time
 * it is needed (a number purchase, the texting registration) and kept with its auth token sealed.
 * Undefined when the provider has no registration side (numbers then stay in the main account).
 */
export async function ensureTextingAccount(deps: TelephonyDeps, businessId: string): Promise<ProviderAccount | undefined> {
  const registration = deps.registration;
  if (!registration) return undefined;
  const stored = await findTextingAccount(deps, businessId);
  if (stored) return stored;
  let pending = creating.get(businessId);
  if (!pending) {
    pending = createAccount(deps, businessId).finally(() => creating.delete(businessId));
    creating.set(businessId, pending);
  }
  return pending;
}

/** The business's stored subaccount with its token opened, or undefined. */
export async function findTextingAccount(deps: TelephonyDeps, businessId: string): Promise<ProviderAccount | undefined> {
  const stored = await deps.textingAccounts.findByBusiness(businessId);
  return stored ? { accountSid: stored.accountSid, authToken: deps.secrets.open(stored.authTokenSealed) } : undefined;
}

async function createAccount(deps: TelephonyDeps, businessId: string): Promise<ProviderAccount> {
  const account = await deps.registration!.createSubaccount(subaccountName(businessId));
  try {
    await deps.db.transaction(async (tx) => {
      await deps.textingAccounts.insert(tx, {
        businessId,
        accountSid: account.accountSid,
        authTokenSealed: deps.secrets.seal(account.authToken),
        keyId: deps.secrets.keyId,
        createdAt: deps.clock.now(),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another replica created the business's subaccount first: use its one (ours stays unused at the provider).
    const winner = await findTextingAccount(deps, businessId);
    if (!winner) throw error;
    deps.logger.warn({ businessId, unused: account.accountSid }, "a concurrent request created the business's subaccount first; this one is unused");
    return winner;
  }
  deps.logger.info({ businessId, accountSid: account.accountSid }, "provider subaccount created");
  return account;
}
