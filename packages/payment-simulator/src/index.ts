// The payment simulator: a dev-only stand-in for Stripe behind billing's PaymentProvider interface
// (@rebound/providers/payments). Only dev composition roots build it (billing's main.dev.ts through
// @rebound/billing/dev, standalone); `npm run validate:deploy` fails when a production image bundles it.
export { PaymentSimulator, type PaymentSimulatorSettings } from "./payment-simulator";
export type { LedgerKind, LedgerRow, NewLedgerObject, PaymentLedger } from "./payment-ledger";
export { MemoryPaymentLedger, type MemoryLedgerTx } from "./memory-ledger";
export { CARD_DECLINED_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, REAL_CARD_IN_TEST_MODE_MESSAGE } from "./test-cards";
