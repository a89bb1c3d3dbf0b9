import type { ProviderAccount } from "@rebound/providers/telephony";
import type { TelephonyDeps } from "../telephony-deps";

/**
 * The auth token a subaccount signs its webhooks with, for the gateway's signature check
 * (internal route, the gateway only); undefined for an account that is not one of ours.
 */
export async function findWebhookKey(deps: TelephonyDeps, accountSid: string): Promise<ProviderAccount | undefined> {
  const stored = await deps.textingAccounts.findByAccountSid(accountSid);
  return stored ? { accountSid: stored.accountSid, authToken: deps.secrets.open(stored.authTokenSealed) } : undefined;
}
