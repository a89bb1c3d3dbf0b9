import { CHOOSE_PLAN_FOR_NUMBER_MESSAGE } from "@rebound/contracts/domain";
import { ApiError } from "@/shared/api/client";
import { PURCHASE_FAILED, purchaseFailure } from "./purchase-error";

describe("purchase failure", () => {
  it("given a 402, then it is the server's message and a plan is required", () => {
    const body = JSON.stringify({ message: "Choose a plan to get your dedicated number.", code: "PAYMENT_REQUIRED" });
    expect(purchaseFailure(new ApiError(402, "Payment Required", body))).toEqual({
      kind: "plan-required",
      message: "Choose a plan to get your dedicated number.",
    });
  });

  it("given a 402 without a readable message, then it is the contract's message", () => {
    expect(purchaseFailure(new ApiError(402, "Payment Required", ""))).toEqual({ kind: "plan-required", message: CHOOSE_PLAN_FOR_NUMBER_MESSAGE });
  });

  it("given any other failure, then it is a failed purchase with the server's message or the default", () => {
    expect(purchaseFailure(new ApiError(409, "Conflict", JSON.stringify({ message: "That number was just taken." })))).toEqual({
      kind: "failed",
      message: "That number was just taken.",
    });
    expect(purchaseFailure(new TypeError("network"))).toEqual({ kind: "failed", message: PURCHASE_FAILED });
  });
});
