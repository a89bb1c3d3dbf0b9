import { Router } from "express";
import { createMailer, isDevMailbox, loadConfig, mailConfigSchema, type Mailer, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { devMailboxRoutes } from "./dev-mailbox/dev-mailbox.route";
import { internalRoutes } from "./http/internal.routes";
import { publicRoutes } from "./http/public.routes";
import { linksFor, type IdentityContext } from "./identity-context";
import { MailSender } from "./mail/mail-sender";
import { createArgon2Hasher, type PasswordHasher } from "./security/password-hasher";
import { createIdentityDb } from "./store/identity-db";
import { UserRepository } from "./store/user.repository";
import { subscriptionConsumer } from "./subscription/on-subscription-changed.handler";

export interface IdentityDeps {
  /** Built by the composition root with `createMailer`; without one, it is built from the environment. */
  mailer?: Mailer;
  hasher?: PasswordHasher;
}

/** Identity: accounts, passwords, e-mail verification and password reset (ARCHITECTURE.md section 2). */
export function createIdentityService(runtime: PlatformRuntime, deps: IdentityDeps = {}): ServiceDefinition {
  const { config } = runtime;
  const mailer = deps.mailer ?? createMailer(loadConfig(mailConfigSchema, { ...process.env, DATA_DIR: config.DATA_DIR }));
  const db = createIdentityDb(runtime);
  const mail = new MailSender(mailer, runtime.logger);
  const ctx: IdentityContext = {
    db,
    users: new UserRepository(db),
    hasher: deps.hasher ?? createArgon2Hasher(),
    mail,
    clock: runtime.clock,
    links: linksFor(config.PUBLIC_BASE_URL),
    logger: runtime.logger.child({ service: "identity" }),
  };

  const router = Router();
  router.use(internalRoutes(ctx, config.INTERNAL_AUTH_SECRET));
  router.use(publicRoutes(ctx, config.INTERNAL_AUTH_SECRET));
  // Dev-only surface: exists only with the embedded mailer and never in production.
  if (isDevMailbox(mailer) && config.NODE_ENV !== "production") router.use(devMailboxRoutes(mailer));

  return {
    name: "identity",
    router,
    consumers: [subscriptionConsumer(ctx)],
    jobs: [],
    stop: async () => {
      await mail.drain();
      await mailer.close();
    },
  };
}
