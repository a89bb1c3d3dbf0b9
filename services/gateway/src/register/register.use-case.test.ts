import { AppError, createSilentLogger } from "@rebound/platform";
import type { RegisterInput } from "@rebound/contracts/domain";
import type { GatewayDeps } from "../gateway-deps";
import { PaymentDeclined, type BillingClient } from "../identity/billing-client";
import { register } from "./register.use-case";

const BODY = {
  email: " Ada@Example.com ",
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Ada",
  lastName: "Owner",
  subscriptionPlan: "professional",
  billingFrequency: "monthly",
  paymentMethodId: "pm_card_visa",
};

/** Billing's client as the gateway sees it: what it was asked, and its answer. */
function fakes(answer: () => Promise<{ id: string; email: string }> = async () => ({ id: "user-1", email: "ada@example.com" })) {
  const asked: RegisterInput[] = [];
  const billing: BillingClient = {
    signUp: async (registration) => {
      asked.push(registration);
      return answer();
    },
  };
  const deps = { billing, logger: createSilentLogger() } as unknown as GatewayDeps;
  return { deps, asked };
}

describe("register: a thin forward to billing's sign-up saga", () => {
  it("given a valid body, when registering, then billing gets it once, validated by the shared schema, and its user is answered", async () => {
    const { deps, asked } = fakes();
    expect(await register(deps, BODY, "req-1")).toEqual({ id: "user-1", email: "ada@example.com" });
    expect(asked).toEqual([{ ...BODY, email: "Ada@Example.com" }]);
  });

  it("given no payment method, when registering, then billing is still the one asked (one path), with the schema's defaults", async () => {
    const { deps, asked } = fakes();
    const { paymentMethodId: _none, subscriptionPlan: _plan, billingFrequency: _frequency, ...cardless } = BODY;
    await register(deps, cardless);
    expect(asked).toEqual([{ ...cardless, email: "Ada@Example.com", subscriptionPlan: "professional", billingFrequency: "monthly" }]);
  });

  it("given an invalid body, when registering, then the product's 400 and billing is never asked", async () => {
    const { deps, asked } = fakes();
    await expect(register(deps, { ...BODY, confirmPassword: "other-pass" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Passwords don't match",
    });
    await expect(register(deps, { password: "secret-pass" })).rejects.toMatchObject({ code: "VALIDATION_FAILED", message: "Valid email is required" });
    expect(asked).toEqual([]);
  });

  it("given billing's refusals, when registering, then they reach the route as they are (declined card, taken e-mail)", async () => {
    await expect(register(fakes(() => Promise.reject(new PaymentDeclined("Your card was declined."))).deps, BODY)).rejects.toBeInstanceOf(PaymentDeclined);
    const taken = new AppError("CONFLICT", "An account with this email already exists");
    await expect(register(fakes(() => Promise.reject(taken)).deps, BODY)).rejects.toBe(taken);
  });
});
