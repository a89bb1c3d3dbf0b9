import type { BrandSnapshot } from "@rebound/providers/telephony";
import { brandOutcome, campaignOutcome, failureWords } from "./registration-progress";

const brand = (status: string, identityStatus: string, errors: BrandSnapshot["errors"] = []): BrandSnapshot => ({
  sid: "BN1",
  status,
  identityStatus,
  brandType: "STANDARD",
  errors,
});

describe("brandOutcome", () => {
  it.each([
    ["standard", "PENDING", "UNVERIFIED", "wait"],
    ["standard", "IN_REVIEW", "UNVERIFIED", "wait"],
    ["standard", "APPROVED", "VERIFIED", "approved"],
    ["standard", "APPROVED", "VETTED_VERIFIED", "approved"],
    ["standard", "APPROVED", "SELF_DECLARED", "approved"],
    ["standard", "APPROVED", "UNVERIFIED", "failed"],
    ["standard", "FAILED", "UNVERIFIED", "failed"],
    ["standard", "SUSPENDED", "VERIFIED", "failed"],
    ["sole_proprietor", "PENDING", "UNVERIFIED", "wait"],
    ["sole_proprietor", "APPROVED", "UNVERIFIED", "needs_verification"],
    ["sole_proprietor", "APPROVED", "VERIFIED", "approved"],
    ["sole_proprietor", "FAILED", "UNVERIFIED", "failed"],
  ] as const)("given a %s brand %s / %s, then %s", (kind, status, identity, outcome) => {
    expect(brandOutcome(kind, brand(status, identity)).kind).toBe(outcome);
  });

  it("given a failed brand with errors, then the code and the words for the owner with what to fix", () => {
    const outcome = brandOutcome(
      "standard",
      brand("FAILED", "UNVERIFIED", [{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }]),
    );
    expect(outcome).toEqual({
      kind: "failed",
      code: "30795",
      reason:
        "Brand Registration Feedback: The submitted US EIN is invalid. Check your EIN: it must be the 9-digit number on your IRS letter, under your legal business name.",
    });
  });
});

describe("campaignOutcome", () => {
  it.each([
    ["IN_PROGRESS", "wait"],
    ["PENDING", "wait"],
    ["VERIFIED", "approved"],
    ["FAILED", "failed"],
    ["SUSPENDED", "failed"],
  ])("given %s, then %s", (campaignStatus, outcome) => {
    expect(campaignOutcome({ sid: "QE1", campaignStatus, errors: [] }).kind).toBe(outcome);
  });
});

describe("failureWords", () => {
  it("given no errors, then the fallback, as a sentence, and no code", () => {
    expect(failureWords([], "The carriers refused your texting campaign")).toEqual({ code: null, reason: "The carriers refused your texting campaign." });
  });
});
