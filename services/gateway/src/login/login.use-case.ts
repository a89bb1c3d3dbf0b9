import { AppError } from "@rebound/platform";
import { enforce } from "../edge/rate-limits";
import type { GatewayDeps } from "../gateway-deps";
import type { IdentityUser } from "../identity/identity-client";
import type { LoginInput } from "./login.schema";

const TOO_MANY = "Too many attempts. Please try again later.";

/**
 * Identity checks the credentials; the per-IP and per-account limits are counted first. An account
 * locked by 10 wrong passwords stays locked for every IP that guessed wrong recently, but the owner
 * at an IP with no recent failures may still sign in with the right password (at most
 * `lockedLoginEmail` such tries per account per window; a wrong one still answers 429).
 * docs/decisions.md, "Account lockout".
 */
export async function login(deps: GatewayDeps, input: LoginInput, ip: string, requestId?: string): Promise<IdentityUser> {
  const email = input.email.toLowerCase();
  await enforce([[deps.limits.loginIp, ip]]);
  const perAccount = await deps.limits.loginEmail.consume(email);
  const locked = !perAccount.allowed;
  if (locked) {
    const cleanIp = (await deps.limits.loginFailureIp.peek(ip)) === 0;
    if (!cleanIp) throw new AppError("RATE_LIMITED", TOO_MANY, { retryAfterSeconds: perAccount.retryAfterSeconds });
    await enforce([[deps.limits.lockedLoginEmail, email]]);
  }
  try {
    const user = await deps.identity.login(input, requestId);
    await deps.limits.loginEmail.reset(email);
    return user;
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHENTICATED") {
      await deps.limits.loginFailureIp.consume(ip);
      if (locked) throw new AppError("RATE_LIMITED", TOO_MANY, { retryAfterSeconds: perAccount.retryAfterSeconds });
    }
    throw error;
  }
}
