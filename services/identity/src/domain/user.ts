import type { PlanView } from "./subscription-projection";

/** A user as identity's use cases see it (mirrors the users table: identity's own facts only). */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  isEmailVerified: boolean;
  emailVerificationToken: string | null;
  emailVerificationExpires: Date | null;
  passwordResetToken: string | null;
  passwordResetExpires: Date | null;
  /** An e-mail change waiting for its link (the account keeps `email` until then). */
  pendingEmail: string | null;
  pendingEmailToken: string | null;
  pendingEmailExpires: Date | null;
  isActive: boolean;
  hasSeenTutorial: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What the client reads about the current user (docs/product.md section 3); never the hash or
 * tokens. The four plan fields are billing's, from the subscription projection.
 */
export interface UserView {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  isEmailVerified: boolean;
  /** The address a requested e-mail change waits to verify, or null; `email` stays the account's until then. */
  pendingEmail: string | null;
  subscriptionPlan: string;
  subscriptionStatus: string;
  billingFrequency: string;
  trialEndsAt: string;
  hasSeenTutorial: boolean;
  createdAt: string;
}

export function toUserView(user: UserRecord, plan: PlanView): UserView {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isEmailVerified: user.isEmailVerified,
    pendingEmail: user.pendingEmail,
    subscriptionPlan: plan.plan,
    subscriptionStatus: plan.status,
    billingFrequency: plan.billingFrequency,
    trialEndsAt: plan.trialEndsAt.toISOString(),
    hasSeenTutorial: user.hasSeenTutorial,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * E-mails are compared and stored lower-cased, so uniqueness is case-insensitive: contracts'
 * normalizeEmail, the one billing keys sign-ups by too.
 */
export { normalizeEmail } from "@rebound/contracts/domain";
