// Billing's port to its payment provider. The interface lives in @rebound/providers/payments so the
// payment simulator (@rebound/payment-simulator, dev-only) implements it without importing billing.
export * from "@rebound/providers/payments";
