import { type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { isDevMailbox, type Mailer } from "@rebound/providers/mail";
import { createIdentityRouter } from "./http/identity-router";
import { linksFor, type IdentityDeps } from "./identity-deps";
import { MailSender } from "./mail/mail-sender";
import { createArgon2Hasher, type PasswordHasher } from "./security/password-hasher";
import { createIdentityDb } from "./store/identity-db";
import { SubscriptionProjectionRepository } from "./store/subscription-projection.repository";
import { UserRepository } from "./store/user.repository";
import { onSubscriptionChangedHandler } from "./read-model/on-subscription-changed.handler";

export { identityConfigSchema, type IdentityConfig } from "./config";

/** What the composition root hands createIdentityService. */
export interface IdentityServiceDeps {
  /** Built by the composition root (`createMailer` from @rebound/providers/mail). */
  mailer: Mailer;
  hasher?: PasswordHasher;
}

/** Identity: accounts, passwords, e-mail verification and password reset (docs/architecture.md). */
export function createIdentityService(runtime: PlatformRuntime, serviceDeps: IdentityServiceDeps): ServiceDefinition {
  const { config } = runtime;
  const { mailer } = serviceDeps;
  const db = createIdentityDb(runtime);
  const mail = new MailSender(mailer, runtime.logger);
  const deps: IdentityDeps = {
    db,
    users: new UserRepository(db),
    subscriptions: new SubscriptionProjectionRepository(db),
    hasher: serviceDeps.hasher ?? createArgon2Hasher(),
    mail,
    clock: runtime.clock,
    links: linksFor(config.PUBLIC_BASE_URL),
    logger: runtime.logger.child({ service: "identity" }),
  };

  return {
    name: "identity",
    router: createIdentityRouter(deps, {
      internalAuthSecret: config.INTERNAL_AUTH_SECRET,
      // Dev-only surface: exists only with the embedded mailer and never in production.
      devMailbox: isDevMailbox(mailer) && config.NODE_ENV !== "production" ? mailer : undefined,
    }),
    consumers: [onSubscriptionChangedHandler(deps)],
    jobs: [],
    stop: async () => {
      await mail.drain();
      await mailer.close();
    },
  };
}
