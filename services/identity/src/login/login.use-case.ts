import { unauthenticated } from "@rebound/platform";
import { normalizeEmail, type UserView } from "../domain/user";
import type { LoginInput } from "@rebound/contracts/domain";
import type { IdentityDeps } from "../identity-deps";
import { userView } from "../read-model/user-view";

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Checks e-mail and password. An unknown e-mail, a deactivated account and a wrong
 * password get the same answer after the same argon2 work, so neither the message
 * nor the timing tells whether an account exists.
 */
export async function login(deps: IdentityDeps, input: LoginInput): Promise<UserView> {
  const user = await deps.users.findByEmail(normalizeEmail(input.email));
  if (!user) {
    await deps.hasher.verifyNothing(input.password);
    throw unauthenticated(INVALID_CREDENTIALS);
  }
  const valid = await deps.hasher.verify(user.passwordHash, input.password);
  if (!valid || !user.isActive) throw unauthenticated(INVALID_CREDENTIALS);
  return userView(deps, user);
}
