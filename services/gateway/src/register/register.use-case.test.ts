import { AppError, createSilentLogger } from "@rebound/platform";
import type { GatewayDeps } from "../gateway-deps";
import { PaymentDeclined, type BillingClient } from "../identity/billing-client";
import type { IdentityClient } from "../identity/identity-client";
import { register } from "./register.use-case";

const BODY = {
  email: "Ada@Example.com",
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Ada",
  lastName: "Owner",
  subscriptionPlan: "professional",
  billingFrequency: "monthly",
  paymentMethodId: "pm_card_visa",
};

/** The saga's steps as they happened, in order. */
function fakes(options: { declined?: boolean; identityFails?: AppError; confirmFailures?: AppError[] } = {}) {
  const steps: string[] = [];
  const confirmFailures = [...(options.confirmFailures ?? [])];
  const billing: BillingClient = {
    startSignup: async () => {
      steps.push("start");
      if (options.declined) throw new PaymentDeclined("Your card was declined.");
      return { signupId: "cus_1" };
    },
    confirmSignup: async (signupId, userId) => {
      steps.push(`confirm ${signupId} ${userId}`);
      const failure = confirmFailures.shift();
      if (failure) throw failure;
    },
    abandonSignup: async (signupId) => void steps.push(`abandon ${signupId}`),
  };
  const identity = {
    register: async () => {
      steps.push("identity");
      if (options.identityFails) throw options.identityFails;
      return { id: "user-1", email: "ada@example.com" };
    },
  } as unknown as IdentityClient;
  const deps = { billing, identity, logger: createSilentLogger() } as unknown as GatewayDeps;
  return { deps, steps };
}

describe("register: the sign-up saga", () => {
  it("given a card, when identity creates the account, then the payment is started before and confirmed after", async () => {
    const { deps, steps } = fakes();
    expect(await register(deps, BODY)).toMatchObject({ id: "user-1" });
    expect(steps).toEqual(["start", "identity", "confirm cus_1 user-1"]);
  });

  it("given a declined card, when signing up, then identity is never asked (no account)", async () => {
    const { deps, steps } = fakes({ declined: true });
    await expect(register(deps, BODY)).rejects.toBeInstanceOf(PaymentDeclined);
    expect(steps).toEqual(["start"]);
  });

  it("given a taken e-mail (identity's 409), when signing up, then the payment is undone and the 409 answered", async () => {
    const { deps, steps } = fakes({ identityFails: new AppError("CONFLICT", "An account with this email already exists") });
    await expect(register(deps, BODY)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(steps).toEqual(["start", "identity", "abandon cus_1"]);
  });

  it("given billing briefly unavailable, when confirming, then the confirm is tried again", async () => {
    const { deps, steps } = fakes({ confirmFailures: [new AppError("UNAVAILABLE", "Payment service temporarily unavailable.")] });
    expect(await register(deps, BODY)).toMatchObject({ id: "user-1" });
    expect(steps).toEqual(["start", "identity", "confirm cus_1 user-1", "confirm cus_1 user-1"]);
  });

  it("given billing refusing the confirm (4xx), when signing up, then it is not retried and the account still stands", async () => {
    const { deps, steps } = fakes({ confirmFailures: [new AppError("NOT_FOUND", "Sign-up not found")] });
    expect(await register(deps, BODY)).toMatchObject({ id: "user-1" });
    expect(steps).toEqual(["start", "identity", "confirm cus_1 user-1"]);
  });

  it("given no payment method, when signing up, then billing is not involved", async () => {
    const { deps, steps } = fakes();
    await register(deps, { ...BODY, paymentMethodId: undefined });
    expect(steps).toEqual(["identity"]);
  });
});
