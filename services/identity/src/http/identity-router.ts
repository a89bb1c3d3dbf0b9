// Identity's one Router: the internal API (each route for its callers) and the public /api routes, under their full paths.
import { Router } from "express";
import { BILLING_PRINCIPAL, jsonBody, requireGateway, requireInternalCaller, requireUser } from "@rebound/platform";
import { type DevMailbox } from "@rebound/providers/mail";
import { changePasswordRoute } from "../change-password/change-password.route";
import { devMailboxListRoute, devMailboxMessageRoute } from "../dev-mailbox/dev-mailbox.route";
import { resendVerificationRoute } from "../email-verification/resend-verification.route";
import { verifyEmailRoute } from "../email-verification/verify-email.route";
import type { IdentityDeps } from "../identity-deps";
import { loginRoute } from "../login/login.route";
import { forgotPasswordRoute } from "../password-reset/forgot-password.route";
import { resetPasswordRoute } from "../password-reset/reset-password.route";
import { currentUserRoute } from "../profile/current-user.route";
import { markTutorialSeenRoute } from "../profile/mark-tutorial-seen.route";
import { updateProfileRoute } from "../profile/update-profile.route";
import { registerRoute } from "../register/register.route";

const BODY_LIMIT = "100kb";

export interface IdentityRouterOptions {
  internalAuthSecret: string;
  /** The embedded mailer's mailbox, mounted at /dev/mailbox; absent in production and with a real mail server. */
  devMailbox?: DevMailbox;
}

export function createIdentityRouter(deps: IdentityDeps, options: IdentityRouterOptions): Router {
  const router = Router();
  const signedIn = requireUser(options.internalAuthSecret);
  const json = jsonBody({ limit: BODY_LIMIT });

  // Never routed publicly; a caller not on a route's allow-list gets a 404. Sign-up is billing's saga:
  // billing alone creates accounts.
  router.post("/internal/identity/register", requireInternalCaller(options.internalAuthSecret, [BILLING_PRINCIPAL]), json, registerRoute(deps));
  // What touches sessions (credentials, password changes): the gateway calls it and then starts or ends sessions.
  router.use("/internal/identity", requireGateway(options.internalAuthSecret), json);
  router.post("/internal/identity/login", loginRoute(deps));
  router.post("/internal/identity/users/:userId/change-password", changePasswordRoute(deps));
  router.post("/internal/identity/reset-password", resetPasswordRoute(deps));

  // Public /api routes: the gateway checks the session and signs the user header first.
  router.get("/api/auth/user", signedIn, currentUserRoute(deps));
  router.post("/api/auth/verify-email", json, verifyEmailRoute(deps));
  router.post("/api/auth/resend-verification", signedIn, resendVerificationRoute(deps));
  router.post("/api/auth/forgot-password", json, forgotPasswordRoute(deps));
  router.patch("/api/user/mark-tutorial-seen", signedIn, markTutorialSeenRoute(deps));
  router.patch("/api/user/profile", signedIn, json, updateProfileRoute(deps));

  // Dev-only surface.
  if (options.devMailbox) {
    router.get("/dev/mailbox", devMailboxListRoute(options.devMailbox));
    router.get("/dev/mailbox/:id", devMailboxMessageRoute(options.devMailbox));
  }
  return router;
}
