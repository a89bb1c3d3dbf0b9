import { randomUUID } from "node:crypto";
import { billingFrequencyFromName, planFromName, timestampFromDate } from "@rebound/contracts";
import { conflict } from "@rebound/platform";
import { signupPlan } from "../domain/subscription-projection";
import { expiresAt, VERIFICATION_TTL_MS } from "../domain/tokens";
import { normalizeEmail, toUserView, type UserView } from "../domain/user";
import type { RegisterInput } from "@rebound/contracts/domain";
import type { IdentityDeps } from "../identity-deps";
import { verificationEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";
import { EMAIL_TAKEN } from "../store/user.repository";

/**
 * Creates the account, asked by billing's sign-up saga (docs/architecture.md, "Sign-up"); emits
 * UserRegistered (business, telephony, messaging read it) and sends the verification e-mail. The
 * subscription projection starts from the plan chosen here, in trial, until billing's
 * SubscriptionChanged replaces it.
 */
export async function register(deps: IdentityDeps, input: RegisterInput): Promise<UserView> {
  const email = normalizeEmail(input.email);
  if (await deps.users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await deps.hasher.hash(input.password);
  const verification = issueToken();
  const now = deps.clock.now();
  const plan = signupPlan(input, now);
  const user = await deps.db.transaction(async (tx) => {
    const created = await deps.users.insert(tx, {
      id: randomUUID(),
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      emailVerificationToken: verification.hash,
      emailVerificationExpires: expiresAt(now, VERIFICATION_TTL_MS),
      createdAt: now,
    });
    await deps.subscriptions.insert(tx, created.id, plan, now);
    tx.append("UserRegistered", created.id, {
      userId: created.id,
      email: created.email,
      firstName: input.firstName,
      lastName: input.lastName,
      plan: planFromName(input.subscriptionPlan),
      billingFrequency: billingFrequencyFromName(input.billingFrequency),
      paymentMethodId: input.paymentMethodId ?? "",
      registeredAt: timestampFromDate(now),
    });
    return created;
  });
  deps.mail.sendInBackground(verificationEmail(user.email, user.firstName, deps.links.verifyEmail(verification.token)));
  return toUserView(user, plan);
}
