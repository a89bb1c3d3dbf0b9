import express, { Router } from "express";
import { parseInput } from "@rebound/platform";
import { changePassword } from "../change-password/change-password.use-case";
import type { IdentityContext } from "../identity-context";
import { login } from "../login/login.use-case";
import { resetPassword } from "../password-reset/reset-password.use-case";
import { register } from "../register/register.use-case";
import { changePasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "./request-schemas";
import { requireGateway } from "./require-gateway";

/**
 * The API the gateway calls for what touches sessions: credentials, sign-up and
 * password changes (after which the gateway signs sessions out). Never routed publicly.
 */
export function internalRoutes(ctx: IdentityContext, secret: string): Router {
  const router = Router();
  router.use("/internal/identity", requireGateway(secret), express.json({ limit: "100kb" }));

  router.post("/internal/identity/login", async (req, res) => {
    res.json(await login(ctx, parseInput(loginSchema, req.body)));
  });
  router.post("/internal/identity/register", async (req, res) => {
    res.status(201).json(await register(ctx, parseInput(registerSchema, req.body)));
  });
  router.post("/internal/identity/users/:userId/change-password", async (req, res) => {
    res.json(await changePassword(ctx, req.params.userId, parseInput(changePasswordSchema, req.body)));
  });
  router.post("/internal/identity/reset-password", async (req, res) => {
    res.json(await resetPassword(ctx, parseInput(resetPasswordSchema, req.body)));
  });
  return router;
}
