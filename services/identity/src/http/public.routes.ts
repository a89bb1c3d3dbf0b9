import express, { Router } from "express";
import { currentUser, parseInput, requireUser } from "@rebound/platform";
import { resendVerification } from "../email-verification/resend-verification.use-case";
import { verifyEmail } from "../email-verification/verify-email.use-case";
import type { IdentityContext } from "../identity-context";
import { forgotPassword } from "../password-reset/forgot-password.use-case";
import { currentUserView } from "../profile/current-user.use-case";
import { markTutorialSeen } from "../profile/mark-tutorial-seen.use-case";
import { updateProfile } from "../profile/update-profile.use-case";
import { forgotPasswordSchema, profileSchema, verifyEmailSchema } from "./request-schemas";

/** Identity's public /api routes (the gateway checks the session and signs the user header first). */
export function publicRoutes(ctx: IdentityContext, secret: string): Router {
  const router = Router();
  const signedIn = requireUser(secret);
  const json = express.json({ limit: "100kb" });

  router.get("/api/auth/user", signedIn, async (_req, res) => {
    res.json(await currentUserView(ctx, currentUser(res).id));
  });
  router.post("/api/auth/verify-email", json, async (req, res) => {
    res.json(await verifyEmail(ctx, parseInput(verifyEmailSchema, req.body ?? {}).token));
  });
  router.post("/api/auth/resend-verification", signedIn, async (_req, res) => {
    res.json(await resendVerification(ctx, currentUser(res).id));
  });
  router.post("/api/auth/forgot-password", json, async (req, res) => {
    res.json(await forgotPassword(ctx, parseInput(forgotPasswordSchema, req.body ?? {}).email));
  });
  router.patch("/api/user/mark-tutorial-seen", signedIn, async (_req, res) => {
    res.json(await markTutorialSeen(ctx, currentUser(res).id));
  });
  router.patch("/api/user/profile", signedIn, json, async (req, res) => {
    res.json(await updateProfile(ctx, currentUser(res).id, parseInput(profileSchema, req.body ?? {})));
  });
  return router;
}
