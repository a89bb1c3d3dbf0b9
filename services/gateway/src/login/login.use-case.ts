import { clearPasswordChecks, limitPasswordCheck } from "../edge/password-checks";
import type { GatewayDeps } from "../gateway-deps";
import type { IdentityUser } from "../identity/identity-client";
import type { LoginInput } from "@rebound/contracts/domain";

/**
 * Identity checks the credentials; the password-check limits are counted first (password-checks.ts):
 * an address that guessed wrong is locked out of the account, while guesses from many addresses only
 * slow the account down, so the owner at a clean address still signs in. docs/decisions.md, "Account lockout".
 */
export async function login(deps: GatewayDeps, input: LoginInput, ip: string, requestId?: string): Promise<IdentityUser> {
  await limitPasswordCheck(deps.limits, input.email, ip);
  const user = await deps.identity.login(input, requestId);
  await clearPasswordChecks(deps.limits, input.email, ip);
  return user;
}
