import { TelephonyProviderError } from "@rebound/providers/telephony";
import { evaluationFailures, TrustHubEvaluationError } from "./evaluation-error";
import { brandSnapshot, campaignSnapshot, registrationErrors } from "./registration-snapshots";
import { RequestSpacing } from "./request-spacing";

describe("brand and campaign snapshots (Twilio's fields verbatim)", () => {
  it("given an approved, verified standard brand, then its status, identity status and type as Twilio spells them", () => {
    expect(brandSnapshot({ sid: "BN1", status: "APPROVED", identityStatus: "VERIFIED", brandType: "STANDARD", errors: [], failureReason: null })).toEqual({
      sid: "BN1",
      status: "APPROVED",
      identityStatus: "VERIFIED",
      brandType: "STANDARD",
      errors: [],
    });
  });

  it("given a pending brand without identity status yet, then empty strings, not null", () => {
    expect(brandSnapshot({ sid: "BN1", status: "PENDING", identityStatus: null, brandType: "SOLE_PROPRIETOR", errors: null })).toEqual({
      sid: "BN1",
      status: "PENDING",
      identityStatus: "",
      brandType: "SOLE_PROPRIETOR",
      errors: [],
    });
  });

  it("given a failed brand with TCR feedback, then each error with its code as a string", () => {
    const snapshot = brandSnapshot({
      sid: "BN1",
      status: "FAILED",
      identityStatus: "UNVERIFIED",
      brandType: "STANDARD",
      errors: [{ code: 30795, description: "Brand Registration Feedback: The submitted US EIN is invalid.", fields: ["ein"] }],
      failureReason: "Brand Registration Feedback: The submitted US EIN is invalid.",
    });
    expect(snapshot.errors).toEqual([{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }]);
  });

  it("given a failed brand whose only explanation is failure_reason, then that reason is its one error, without a code", () => {
    const reason = "Unable to register Brand with The Campaign Registry";
    expect(brandSnapshot({ sid: "BN1", status: "FAILED", errors: [], failureReason: reason }).errors).toEqual([{ code: "", description: reason }]);
  });

  it.each([
    [[{ error_code: 30893, message: "Campaign vetting rejection" }], [{ code: "30893", description: "Campaign vetting rejection" }]],
    [[{ code: "30886", description: "Invalid Campaign Description" }], [{ code: "30886", description: "Invalid Campaign Description" }]],
    [["free text"], [{ code: "", description: "free text" }]],
    [[{}, null], []],
    [undefined, []],
  ])("reads the errors %j as %j", (errors, expected) => {
    expect(registrationErrors(errors)).toEqual(expected);
  });

  it("given a campaign, then campaign_status verbatim and its errors", () => {
    expect(campaignSnapshot({ sid: "QE1", campaignStatus: "FAILED", errors: [{ code: 30893, description: "Sample messages" }] })).toEqual({
      sid: "QE1",
      campaignStatus: "FAILED",
      errors: [{ code: "30893", description: "Sample messages" }],
    });
  });
});

describe("TrustHub evaluation failures", () => {
  const results = [
    { friendly_name: "Authorized Representative 1", passed: true, invalid: [] },
    {
      friendly_name: "Business Information",
      requirement_friendly_name: "Business Information",
      passed: false,
      failure_reason: "The Business Information is incomplete or invalid.",
      error_code: 22215,
      invalid: [
        { friendly_name: "Business Name", object_field: "business_name", failure_reason: "The Business Name is missing.", error_code: 22215 },
        { friendly_name: "Website URL", object_field: "website_url", failure_reason: "The Website URL is missing.", error_code: 22215 },
      ],
    },
    {
      friendly_name: "Business Address",
      passed: false,
      failure_reason: "A Business Address is missing. Please add one to the bundle.",
      error_code: 22214,
      invalid: [],
    },
  ];

  it("given a noncompliant evaluation, then one failure per invalid field, and the requirement's own reason when no field is named", () => {
    expect(evaluationFailures(results)).toEqual([
      { requirement: "Business Information", field: "business_name", reason: "The Business Name is missing.", code: "22215" },
      { requirement: "Business Information", field: "website_url", reason: "The Website URL is missing.", code: "22215" },
      { requirement: "Business Address", reason: "A Business Address is missing. Please add one to the bundle.", code: "22214" },
    ]);
  });

  it("given those failures, then a non-retryable TelephonyProviderError with Twilio's first code and every reason readable", () => {
    const error = new TrustHubEvaluationError({ kind: "customer profile", sid: "BU1" }, evaluationFailures(results));

    expect(error).toBeInstanceOf(TelephonyProviderError);
    expect(error).toMatchObject({ name: "TelephonyProviderError", code: "22215", retryable: false });
    expect(error.message).toBe(
      "Twilio evaluated the customer profile BU1 as noncompliant: Business Information (business_name): The Business Name is missing.; " +
        "Business Information (website_url): The Website URL is missing.; Business Address: A Business Address is missing. Please add one to the bundle.",
    );
  });

  it("given no results at all, then the code says noncompliant", () => {
    expect(new TrustHubEvaluationError({ kind: "trust product", sid: "BU2" }, evaluationFailures(undefined))).toMatchObject({ code: "noncompliant" });
  });
});

describe("RequestSpacing (one brand or campaign write a second)", () => {
  it("given three concurrent turns, then they go one interval apart, in order", async () => {
    const spacing = new RequestSpacing(40);
    const started = Date.now();
    const order: number[] = [];
    const at: number[] = [];

    await Promise.all([1, 2, 3].map((index) => spacing.turn().then(() => (order.push(index), at.push(Date.now() - started)))));

    expect(order).toEqual([1, 2, 3]);
    expect(at[0]).toBeLessThan(30);
    expect(at[1]).toBeGreaterThanOrEqual(38);
    expect(at[2]).toBeGreaterThanOrEqual(78);
  });
});
