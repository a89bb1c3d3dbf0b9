import { testCardByNumber, testPaymentMethodNumber } from "./test-cards";

const PROTOTYPE_KEYS = ["toString", "hasOwnProperty", "__proto__", "constructor", "valueOf"];

describe("Stripe's test cards", () => {
  it("finds the test payment method ids and card numbers", () => {
    expect(testPaymentMethodNumber("pm_card_visa")).toBe("4242424242424242");
    expect(testCardByNumber("4242 4242 4242 4242")).toMatchObject({ brand: "visa", last4: "4242" });
  });

  it.each(PROTOTYPE_KEYS)("given %j, then it is no test payment method and no test card", (key) => {
    expect(testPaymentMethodNumber(key)).toBeUndefined();
    expect(testCardByNumber(key)).toBeUndefined();
  });
});
