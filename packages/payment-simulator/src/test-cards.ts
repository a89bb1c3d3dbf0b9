// Stripe's test payment methods and card numbers, as the payment simulator plays them
// (https://docs.stripe.com/testing). Setup never charges; `charge` says what a charge does.

export type ChargeOutcome = { ok: true } | { ok: false; message: string; declineCode: string };

export interface TestCard {
  brand: "visa" | "mastercard" | "amex" | "discover";
  last4: string;
  charge: ChargeOutcome;
  /** Refused already when the card is set up (Stripe refuses these at confirmation). */
  refusedAtSetup?: boolean;
}

const OK: ChargeOutcome = { ok: true };
const declined = (message: string, declineCode: string): ChargeOutcome => ({ ok: false, message, declineCode });

export const CARD_DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";

/** By card number (digits only). Maps, not object literals: the keys come from the client. */
const CARDS = new Map<string, TestCard>(
  Object.entries({
    "4242424242424242": { brand: "visa", last4: "4242", charge: OK },
    "4000056655665556": { brand: "visa", last4: "5556", charge: OK },
    "5555555555554444": { brand: "mastercard", last4: "4444", charge: OK },
    "2223003122003222": { brand: "mastercard", last4: "3222", charge: OK },
    "378282246310005": { brand: "amex", last4: "0005", charge: OK },
    "6011111111111117": { brand: "discover", last4: "1117", charge: OK },
    "4000000000000002": { brand: "visa", last4: "0002", charge: declined(CARD_DECLINED_MESSAGE, "generic_decline"), refusedAtSetup: true },
    "4000000000009995": { brand: "visa", last4: "9995", charge: declined(INSUFFICIENT_FUNDS_MESSAGE, "insufficient_funds") },
    "4000000000009987": { brand: "visa", last4: "9987", charge: declined(CARD_DECLINED_MESSAGE, "lost_card"), refusedAtSetup: true },
    "4000000000009979": { brand: "visa", last4: "9979", charge: declined(CARD_DECLINED_MESSAGE, "stolen_card"), refusedAtSetup: true },
    "4000000000000069": { brand: "visa", last4: "0069", charge: declined("Your card has expired.", "expired_card"), refusedAtSetup: true },
    "4000000000000127": { brand: "visa", last4: "0127", charge: declined("Your card's security code is incorrect.", "incorrect_cvc"), refusedAtSetup: true },
    "4000000000000119": {
      brand: "visa",
      last4: "0119",
      charge: declined("An error occurred while processing your card. Try again in a little bit.", "processing_error"),
      refusedAtSetup: true,
    },
    // Attaches fine; every charge fails (Stripe's "attach succeeds, charge fails").
    "4000000000000341": { brand: "visa", last4: "0341", charge: declined(CARD_DECLINED_MESSAGE, "generic_decline") },
  }),
);

/** Stripe's test PaymentMethod ids, usable directly as paymentMethodId. */
const TEST_PAYMENT_METHODS = new Map<string, string>(
  Object.entries({
    pm_card_visa: "4242424242424242",
    pm_card_mastercard: "5555555555554444",
    pm_card_amex: "378282246310005",
    pm_card_discover: "6011111111111117",
    pm_card_chargeDeclined: "4000000000000002",
    pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
    pm_card_visa_chargeDeclinedInsufficientFunds: "4000000000009995",
    pm_card_chargeDeclinedExpiredCard: "4000000000000069",
    pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
    pm_card_chargeDeclinedProcessingError: "4000000000000119",
    pm_card_chargeCustomerFail: "4000000000000341",
  }),
);

export function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}

export function testCardByNumber(cardNumber: string): TestCard | undefined {
  return CARDS.get(digitsOnly(cardNumber));
}

export function testPaymentMethodNumber(id: string): string | undefined {
  return TEST_PAYMENT_METHODS.get(id);
}

/** Stripe's refusal when a SetupIntent is confirmed with this card; undefined when it is accepted. */
export function setupDecline(card: TestCard): { message: string; declineCode: string } | undefined {
  return card.refusedAtSetup && !card.charge.ok ? card.charge : undefined;
}

/** Luhn check: what a real card number passes. */
export function passesLuhn(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A Luhn-valid number that is not one of Stripe's test cards: Stripe's test mode refuses real cards. */
export const REAL_CARD_IN_TEST_MODE_MESSAGE =
  "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.";
