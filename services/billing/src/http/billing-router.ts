import { jsonBody, requireGateway, requireUser } from "@rebound/platform";
import express, { Router } from "express";
import type { BillingDeps } from "../billing-deps";
import { cancelSubscriptionRoute } from "../cancel-subscription/cancel-subscription.route";
import { changePlanRoute } from "../change-plan/change-plan.route";
import { confirmLocalSubscriptionRoute, createSubscriptionRoute } from "../checkout/checkout.route";
import { getBillingRoute } from "../get-billing/get-billing.route";
import { invoiceDownloadRoute, invoicePdfRoute } from "../invoices/invoices.route";
import { confirmLocalSetupRoute, createPaymentIntentRoute, updatePaymentMethodRoute } from "../payment-setup/payment-setup.route";
import { stripeWebhookRoute } from "../provider-events/stripe-webhook.route";
import { signUpRoute } from "../signup/sign-up.route";
import { paymentErrors } from "./payment-errors";
import { reactivateSubscriptionRoute } from "../reactivate-subscription/reactivate-subscription.route";

const BODY_LIMIT = "32kb";

/**
 * Billing's one router, full public paths. The signed-in user (signed header) is the tenant;
 * /api/create-payment-intent and /api/billing/local/confirm-setup are public (sign-up happens
 * before the account exists); /webhooks/stripe keeps its raw body for the signature.
 */
export function createBillingRouter(deps: BillingDeps, internalAuthSecret: string): Router {
  const router = Router();
  const signedIn = requireUser(internalAuthSecret);
  const json = jsonBody({ limit: BODY_LIMIT });
  // Scoped to this service's paths: in standalone every service's router sees every request.
  router.use(["/api/billing", "/api/create-payment-intent", "/api/create-subscription"], json);
  router.post("/webhooks/stripe", express.raw({ type: () => true, limit: "1mb" }), stripeWebhookRoute(deps));

  router.post("/api/create-payment-intent", createPaymentIntentRoute(deps));
  router.post("/api/billing/local/confirm-setup", confirmLocalSetupRoute(deps));
  router.post("/api/billing/local/confirm-subscription", signedIn, confirmLocalSubscriptionRoute(deps));
  router.post("/api/create-subscription", signedIn, createSubscriptionRoute(deps));
  router.get("/api/billing", signedIn, getBillingRoute(deps));
  router.post("/api/billing/change-plan", signedIn, changePlanRoute(deps));
  router.post("/api/billing/cancel", signedIn, cancelSubscriptionRoute(deps));
  router.post("/api/billing/reactivate", signedIn, reactivateSubscriptionRoute(deps));
  router.post("/api/billing/payment-method", signedIn, updatePaymentMethodRoute(deps));
  router.get("/api/billing/invoice/:id/download", signedIn, invoiceDownloadRoute(deps));
  router.get("/api/billing/invoices/:id/pdf", signedIn, invoicePdfRoute(deps));
  // Sign-up, billing's saga, asked by the gateway (never routed publicly; anyone else gets a 404).
  router.use("/internal/billing", requireGateway(internalAuthSecret), jsonBody({ limit: "16kb" }));
  router.post("/internal/billing/signups", signUpRoute(deps));
  router.use(paymentErrors);
  return router;
}
