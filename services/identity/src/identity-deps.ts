import type { Clock, Logger } from "@rebound/platform";
import type { MailSender } from "./mail/mail-sender";
import type { PasswordHasher } from "./security/password-hasher";
import type { IdentityDb } from "./store/identity-db";
import type { SubscriptionProjectionRepository } from "./store/subscription-projection.repository";
import type { UserRepository } from "./store/user.repository";

/** Links in e-mails point at the web app's pages (docs/product.md section 2). */
export interface Links {
  verifyEmail(token: string): string;
  resetPassword(token: string): string;
  /** The forgot-password page (the e-mail-changed notice points there). */
  forgotPassword(): string;
}

export function linksFor(publicBaseUrl: string): Links {
  return {
    verifyEmail: (token) => `${publicBaseUrl}/verify-email?token=${encodeURIComponent(token)}`,
    forgotPassword: () => `${publicBaseUrl}/forgot-password`,
    resetPassword: (token) => `${publicBaseUrl}/reset-password?token=${encodeURIComponent(token)}`,
  };
}

/** What identity's use cases, routes and handlers work with; built once in service.ts. */
export interface IdentityDeps {
  db: IdentityDb;
  users: UserRepository;
  /** Billing's plan facts about each account (subscription_projection). */
  subscriptions: SubscriptionProjectionRepository;
  hasher: PasswordHasher;
  mail: MailSender;
  clock: Clock;
  links: Links;
  logger: Logger;
}
