// The payment provider interface (billing's port), for billing and its adapters. Kept here, beside
// the telephony provider's and the mailer's, so that an adapter outside billing implements it without importing the
// service: Stripe is billing's own (services/billing/src/provider/stripe); the payment simulator is
// @rebound/payment-simulator (dev-only).
export * from "./payment-provider";
