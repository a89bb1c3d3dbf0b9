import { randomUUID } from "node:crypto";
import { billingFrequencyFromName, planFromName, timestampFromDate } from "@rebound/contracts";
import { conflict } from "@rebound/platform";
import { storedFrequencyName, storedPlanName, trialEndsAt } from "../domain/subscription";
import { expiresAt, VERIFICATION_TTL_MS } from "../domain/tokens";
import { normalizeEmail, toUserView, type UserView } from "../domain/user";
import type { RegisterInput } from "@rebound/contracts/domain";
import type { IdentityDeps } from "../identity-deps";
import { verificationEmail } from "../mail/identity-emails";
import { issueToken } from "../security/tokens";
import { EMAIL_TAKEN } from "../store/user.repository";

/** Creates the account (trial on the chosen plan), emits UserRegistered (business, messaging read it), sends the verification e-mail. */
export async function register(deps: IdentityDeps, input: RegisterInput): Promise<UserView> {
  const email = normalizeEmail(input.email);
  if (await deps.users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await deps.hasher.hash(input.password);
  const verification = issueToken();
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const created = await deps.users.insert(tx, {
      id: randomUUID(),
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      subscriptionPlan: storedPlanName(input.subscriptionPlan),
      subscriptionStatus: "trial",
      billingFrequency: storedFrequencyName(input.billingFrequency),
      trialEndsAt: trialEndsAt(now),
      emailVerificationToken: verification.hash,
      emailVerificationExpires: expiresAt(now, VERIFICATION_TTL_MS),
      createdAt: now,
    });
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
  return toUserView(user);
}
