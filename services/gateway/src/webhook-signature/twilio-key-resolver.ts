// Which auth token signed a Twilio webhook: the main account's (TWILIO_AUTH_TOKEN), or a business's
// subaccount's, which only telephony holds (sealed) and answers to the gateway on its internal route.
// Subaccount tokens are cached per process, bounded; a miss is remembered briefly; concurrent misses
// for one account share one call (docs/texting-registration.md C2).

/** Telephony's answer: the subaccount's auth token, or undefined when the account is not one of ours. */
export type FetchWebhookKey = (accountSid: string) => Promise<string | undefined>;

export interface TwilioKeyResolverOptions {
  /** TWILIO_ACCOUNT_SID, or the carrier simulator's main account SID when it is unset. */
  mainAccountSid: string;
  mainAuthToken: string;
  fetchKey: FetchWebhookKey;
  /**
   * An AccountSid that is neither the main account nor one of our subaccounts: "refuse" (Twilio: the
   * webhook is refused like an unsigned one) or "main" (the carrier simulator, whose main account signs
   * with the dev token whatever AccountSid a test or a bench sends; a known subaccount still needs its own).
   */
  unknownAccounts?: "refuse" | "main";
  /** Subaccounts remembered at most (least recently used first out). */
  maxEntries?: number;
  /** How long a subaccount's token is trusted before it is asked again. */
  ttlMs?: number;
  /** How long an unknown account is remembered as unknown. */
  missTtlMs?: number;
  now?: () => number;
}

export interface TwilioKeyResolver {
  /** The token that signs webhooks of `accountSid` (none given: the main account's); undefined for an account that is not ours. */
  tokenFor(accountSid: string | undefined): Promise<string | undefined>;
}

export const WEBHOOK_KEY_CACHE_ENTRIES = 10_000;
export const WEBHOOK_KEY_TTL_MS = 10 * 60_000;
export const WEBHOOK_KEY_MISS_TTL_MS = 30_000;

export function createTwilioKeyResolver(options: TwilioKeyResolverOptions): TwilioKeyResolver {
  const maxEntries = options.maxEntries ?? WEBHOOK_KEY_CACHE_ENTRIES;
  const ttlMs = options.ttlMs ?? WEBHOOK_KEY_TTL_MS;
  const missTtlMs = options.missTtlMs ?? WEBHOOK_KEY_MISS_TTL_MS;
  const now = options.now ?? Date.now;
  /** Insertion order is recency order: a hit is moved to the end. */
  const cache = new Map<string, { token: string | undefined; expiresAt: number }>();
  const pending = new Map<string, Promise<string | undefined>>();

  const remember = (accountSid: string, token: string | undefined) => {
    cache.delete(accountSid);
    cache.set(accountSid, { token, expiresAt: now() + (token === undefined ? missTtlMs : ttlMs) });
    while (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  };

  return {
    async tokenFor(accountSid) {
      if (!accountSid || accountSid === options.mainAccountSid) return options.mainAuthToken;
      const token = await lookup(accountSid);
      return token === undefined && options.unknownAccounts === "main" ? options.mainAuthToken : token;
    },
  };

  function lookup(accountSid: string): Promise<string | undefined> {
    const cached = cache.get(accountSid);
    if (cached && cached.expiresAt > now()) {
      cache.delete(accountSid);
      cache.set(accountSid, cached);
      return Promise.resolve(cached.token);
    }
    let shared = pending.get(accountSid);
    if (!shared) {
      // An error (telephony unreachable) is not remembered: the webhook fails and Twilio retries it.
      shared = options
        .fetchKey(accountSid)
        .then((token) => {
          remember(accountSid, token);
          return token;
        })
        .finally(() => pending.delete(accountSid));
      pending.set(accountSid, shared);
    }
    return shared;
  }
}
