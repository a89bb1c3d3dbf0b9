import { runMain } from "@rebound/platform/telemetry";

// Development (the dev image, start:distributed): Stripe when STRIPE_SECRET_KEY is set, else the payment
// simulator in billing's tables; its card form's routes (/api/billing/local/*) answer only with it.
runMain("billing", async () => {
  const [{ runBilling }, { createDevPaymentProvider }] = await Promise.all([import("./compose.js"), import("./payment-provider.dev.js")]);
  await runBilling({ requires: [], create: (runtime, config) => createDevPaymentProvider(runtime, config) });
});
