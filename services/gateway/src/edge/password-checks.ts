import { enforce, type RateLimiters } from "./rate-limits";

/**
 * Every check of an account's password (sign-in, change-password, an e-mail change) counts against
 * the same limits, before the check, so a guesser gets one budget, not one per endpoint:
 * - per IP, across accounts;
 * - per (account, address): the address that guessed wrong 10 times is locked out of the account;
 * - per account, from anywhere: past 10, one check per back-off period (429 + a short Retry-After),
 *   so guessing from rotating addresses crawls, yet the owner at a clean address gets in after
 *   the back-off instead of being locked out (docs/decisions.md, "Account lockout").
 * A throttled attempt is refused without checking the password: a 429 tells nothing.
 */
export async function limitPasswordCheck(limits: RateLimiters, accountEmail: string, ip: string): Promise<void> {
  const account = accountEmail.toLowerCase();
  await enforce([
    [limits.loginIp, ip],
    [limits.loginEmailIp, pairKey(account, ip)],
  ]);
  const perAccount = await limits.loginEmail.consume(account);
  if (!perAccount.allowed) await enforce([[limits.loginBackoff, account]]);
}

/** After the right password, the account's counts start again. */
export async function clearPasswordChecks(limits: RateLimiters, accountEmail: string, ip: string): Promise<void> {
  const account = accountEmail.toLowerCase();
  await Promise.all([limits.loginEmail.reset(account), limits.loginEmailIp.reset(pairKey(account, ip))]);
}

// A space cannot be in an e-mail address, so the pair key is unambiguous.
function pairKey(account: string, ip: string): string {
  return `${account} ${ip}`;
}
