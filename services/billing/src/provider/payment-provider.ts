// Billing's port to its payment provider. The interface lives in @rebound/platform/payments so the
// payment simulator (@rebound/payment-simulator, dev-only) implements it without importing billing.
export * from "@rebound/platform/payments";
