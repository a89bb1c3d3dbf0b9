import type { BusinessProfile } from "@rebound/providers/telephony";
import { A2P_OTP_VALIDITY_MS, A2P_VERIFICATION_CONFIRMED, type A2pEntry } from "./a2p-records";
import { brandSnapshot, profileStatus } from "./a2p-status";
import { answerVerification, BRAND_FAILURE_REASONS, dueVerificationTexts, nextDueAt, registerBrand, requestVerificationText } from "./brand-rules";
import {
  accounts,
  brandEntry,
  MAIN,
  MOBILE,
  number,
  OTHER,
  profileEntry,
  soleProprietorProfile,
  standardProfile,
  SUB,
  T0,
  TIMINGS,
  viewOf,
} from "./a2p-test-fixtures";

const DECIDED = T0 + TIMINGS.brandApprovalMs;

/** Registers a brand on a fresh profile `P` (plus `prior` entries) and reads it at the verdict. */
function brandFor(profile: BusinessProfile, options: { prior?: A2pEntry[]; numbers?: ReturnType<typeof number>[]; kind?: BusinessProfile["kind"] } = {}) {
  const entries = [...accounts(), ...(options.prior ?? []), profileEntry("P", profile)];
  const view = viewOf(entries, options.numbers);
  const ruling = registerBrand(
    view,
    { account: SUB, kind: options.kind ?? profile.kind, profile: { customerProfileSid: "BU-profile-P", trustProductSid: "BU-trust-P" }, sid: "BN-new" },
    T0,
    TIMINGS,
  );
  if (!ruling.ok) throw new Error(ruling.refusal.message);
  view.a2p.apply(ruling.value);
  const brand = view.a2p.brands.get("BN-new");
  if (!brand) throw new Error("brand recorded");
  return brandSnapshot(brand, DECIDED);
}

/** Three sole proprietor brands already registered with the same mobile (and how they ended). */
const priorMobileBrands = (outcomes: ("APPROVED" | "FAILED")[]): A2pEntry[] =>
  outcomes.map((outcome, index) =>
    brandEntry(`BN-prior-${index}`, { brandType: "SOLE_PROPRIETOR", mobilePhone: MOBILE, outcome, accountSid: OTHER.accountSid }),
  );

describe("brand registration: the verdict for what was submitted", () => {
  it.each<[string, BusinessProfile, { status: string; identityStatus: string; errors: { code: string; description: string }[] }]>([
    ["a valid standard brand", standardProfile, { status: "APPROVED", identityStatus: "VERIFIED", errors: [] }],
    [
      "an EIN of 8 digits",
      { ...standardProfile, ein: "12345678" },
      {
        status: "FAILED",
        identityStatus: "UNVERIFIED",
        errors: [{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }],
      },
    ],
    [
      "an EIN of all zeros",
      { ...standardProfile, ein: "000000000" },
      {
        status: "FAILED",
        identityStatus: "UNVERIFIED",
        errors: [{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }],
      },
    ],
    [
      "an EIN still with its dash",
      { ...standardProfile, ein: "12-3456789" },
      {
        status: "FAILED",
        identityStatus: "UNVERIFIED",
        errors: [{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }],
      },
    ],
    [
      "a website on http",
      { ...standardProfile, website: "http://acmeplumbing.example.com" },
      {
        status: "FAILED",
        identityStatus: "UNVERIFIED",
        errors: [{ code: "30799", description: "Brand Registration Feedback: We were unable to verify the details of the registration data." }],
      },
    ],
    [
      "a website that is no URL",
      { ...standardProfile, website: "acmeplumbing" },
      {
        status: "FAILED",
        identityStatus: "UNVERIFIED",
        errors: [{ code: "30799", description: "Brand Registration Feedback: We were unable to verify the details of the registration data." }],
      },
    ],
    [
      "a bad EIN and an http website",
      { ...standardProfile, ein: "1234", website: "http://x.example.com" },
      { status: "FAILED", identityStatus: "UNVERIFIED", errors: [expect.objectContaining({ code: "30795" }), expect.objectContaining({ code: "30799" })] },
    ],
    ["a valid sole proprietor", soleProprietorProfile, { status: "APPROVED", identityStatus: "UNVERIFIED", errors: [] }],
  ])("given %s, when the vetting ends, then %j", (_case, profile, expected) => {
    expect(brandFor(profile)).toMatchObject(expected);
  });

  it("given three sole proprietor brands registered with the mobile, when a fourth registers, then FAILED: Unable to register Brand with The Campaign Registry", () => {
    const brand = brandFor(soleProprietorProfile, { prior: priorMobileBrands(["APPROVED", "APPROVED", "APPROVED"]) });

    expect(brand).toMatchObject({
      status: "FAILED",
      identityStatus: "UNVERIFIED",
      errors: [{ code: "", description: "Unable to register Brand with The Campaign Registry" }],
      failureReason: "Unable to register Brand with The Campaign Registry",
    });
  });

  it("given three earlier brands with the mobile of which one failed, when another registers, then it is approved (a failed brand was never registered)", () => {
    expect(brandFor(soleProprietorProfile, { prior: priorMobileBrands(["APPROVED", "FAILED", "APPROVED"]) }).status).toBe("APPROVED");
  });

  it("given the owner's mobile is a number bought from the carrier, when the brand registers, then FAILED 30751", () => {
    const brand = brandFor(soleProprietorProfile, { numbers: [number("PN1", MOBILE, OTHER.accountSid)] });

    expect(brand).toMatchObject({ status: "FAILED", errors: [{ code: "30751", description: "Brand Registration Failure: Unsupported mobile phone number" }] });
  });

  it("given a standard profile registered as a sole proprietor, when the vetting ends, then FAILED: Unable to fetch A2P Bundle Details", () => {
    expect(brandFor(standardProfile, { kind: "sole_proprietor" })).toMatchObject({ status: "FAILED", failureReason: BRAND_FAILURE_REASONS.a2pBundle });
  });

  it.each([
    ["an unknown customer profile", { customerProfileSid: "BU-nope", trustProductSid: "BU-trust-P" }, SUB],
    ["another account's customer profile", { customerProfileSid: "BU-profile-P", trustProductSid: "BU-trust-P" }, OTHER],
  ])("given %s, when the brand registers, then FAILED: Unable to fetch Customer Profile Bundle details", (_case, profile, account) => {
    const view = viewOf([...accounts(), profileEntry("P", standardProfile)]);
    const ruling = registerBrand(view, { account, kind: "standard", profile, sid: "BN-x" }, T0, TIMINGS);

    expect(ruling).toMatchObject({ ok: true, value: { outcome: "FAILED", failureReason: BRAND_FAILURE_REASONS.customerProfile } });
  });

  it.each([
    ["an unknown account", { accountSid: `AC${"c".repeat(32)}`, authToken: "x" }],
    ["a wrong token", { accountSid: SUB.accountSid, authToken: "not-the-token" }],
  ])("given %s, when registering a brand, then 401 20003 Authenticate", (_case, account) => {
    const view = viewOf([...accounts(), profileEntry("P", standardProfile)]);
    const ruling = registerBrand(
      view,
      { account, kind: "standard", profile: { customerProfileSid: "BU-profile-P", trustProductSid: "BU-trust-P" }, sid: "BN-x" },
      T0,
      TIMINGS,
    );

    expect(ruling).toEqual({ ok: false, refusal: { httpStatus: 401, code: "20003", message: "Authenticate" } });
  });
});

describe("brand status over time (derived from the clock)", () => {
  it.each([
    [0, "PENDING", "UNVERIFIED", "pending-review"],
    [TIMINGS.brandApprovalMs / 2 - 1, "PENDING", "UNVERIFIED", "pending-review"],
    [TIMINGS.brandApprovalMs / 2, "IN_REVIEW", "UNVERIFIED", "pending-review"],
    [TIMINGS.brandApprovalMs - 1, "IN_REVIEW", "UNVERIFIED", "pending-review"],
    [TIMINGS.brandApprovalMs, "APPROVED", "VERIFIED", "twilio-approved"],
  ])("given a standard brand, %i ms after registering, then %s / %s, profile %s", (elapsed, status, identityStatus, profile) => {
    const view = viewOf([...accounts(), profileEntry("BN1", standardProfile), brandEntry("BN1")]);
    const brand = view.a2p.brands.get("BN1")!;

    expect(brandSnapshot(brand, T0 + elapsed)).toMatchObject({ status, identityStatus, brandType: "STANDARD" });
    expect(profileStatus(view.a2p, view.a2p.profiles.get("BU-profile-BN1")!, T0 + elapsed)).toBe(profile);
  });

  it("given a failing brand, when still in review, then its errors are not shown yet", () => {
    const view = viewOf([brandEntry("BN1", { outcome: "FAILED", errors: [{ code: "30795", description: "x" }] })]);
    const brand = view.a2p.brands.get("BN1")!;

    expect(brandSnapshot(brand, DECIDED - 1)).toMatchObject({ status: "IN_REVIEW", errors: [] });
    expect(brandSnapshot(brand, DECIDED)).toMatchObject({ status: "FAILED", errors: [{ code: "30795" }] });
  });
});

describe("sole proprietor verification (the owner replies YES)", () => {
  const soleProprietor = (extra: A2pEntry[] = []) =>
    viewOf([...accounts(), brandEntry("BN1", { brandType: "SOLE_PROPRIETOR", mobilePhone: MOBILE }), ...extra]);
  const otp = (sentAt: number): A2pEntry => ({ t: "otp", brandSid: "BN1", to: MOBILE, messageSid: `SM${sentAt}`, sentAt });

  it("given an approved sole proprietor brand, when due, then its first verification text is due once, at the verdict", () => {
    expect(nextDueAt(soleProprietor(), T0)).toBe(DECIDED);
    expect(dueVerificationTexts(soleProprietor(), DECIDED - 1)).toEqual([]);
    expect(dueVerificationTexts(soleProprietor(), DECIDED).map((brand) => brand.sid)).toEqual(["BN1"]);
    expect(dueVerificationTexts(soleProprietor([otp(DECIDED)]), DECIDED + 1)).toEqual([]);
    expect(nextDueAt(soleProprietor([otp(DECIDED)]), T0)).toBeUndefined();
  });

  it.each<[string, { from?: string; body: string; at: number; otps: number[] }, boolean]>([
    ["YES within 24 hours", { body: "YES", at: DECIDED + 60_000, otps: [DECIDED] }, true],
    ["yes, lower case with spaces", { body: "  yes \n", at: DECIDED + 60_000, otps: [DECIDED] }, true],
    ["YES a moment before 24 hours", { body: "YES", at: DECIDED + A2P_OTP_VALIDITY_MS - 1, otps: [DECIDED] }, true],
    ["YES at 24 hours", { body: "YES", at: DECIDED + A2P_OTP_VALIDITY_MS, otps: [DECIDED] }, false],
    ["YES after a new text, 25 hours after the first", { body: "YES", at: DECIDED + 25 * 3_600_000, otps: [DECIDED, DECIDED + 24 * 3_600_000] }, true],
    ["Yes.", { body: "Yes.", at: DECIDED + 60_000, otps: [DECIDED] }, false],
    ["Y", { body: "Y", at: DECIDED + 60_000, otps: [DECIDED] }, false],
    ["NO", { body: "NO", at: DECIDED + 60_000, otps: [DECIDED] }, false],
    ["a 6-digit code", { body: "123456", at: DECIDED + 60_000, otps: [DECIDED] }, false],
    ["YES from another phone", { from: "+14155550111", body: "YES", at: DECIDED + 60_000, otps: [DECIDED] }, false],
    ["YES before any text was sent", { body: "YES", at: DECIDED + 60_000, otps: [] }, false],
  ])("given %s, then verified: %s", (_case, reply, verifies) => {
    const view = soleProprietor(reply.otps.map(otp));

    const answer = answerVerification(view, { from: reply.from ?? MOBILE, body: reply.body }, reply.at);

    expect(answer).toEqual(verifies ? { verified: { t: "brand-verified", brandSid: "BN1", at: reply.at }, reply: A2P_VERIFICATION_CONFIRMED } : {});
  });

  it("given a verified brand, when YES comes again, then nothing more happens", () => {
    const view = soleProprietor([otp(DECIDED), { t: "brand-verified", brandSid: "BN1", at: DECIDED + 1 }]);

    expect(brandSnapshot(view.a2p.brands.get("BN1")!, DECIDED + 2)).toMatchObject({ status: "APPROVED", identityStatus: "VERIFIED" });
    expect(answerVerification(view, { from: MOBILE, body: "YES" }, DECIDED + 3)).toEqual({});
  });

  it.each<[string, A2pEntry[], number, { httpStatus: number; code?: string } | null]>([
    ["an approved unverified sole proprietor", [otp(DECIDED)], DECIDED + 1, null],
    ["a pending one", [], DECIDED - 1, { httpStatus: 400 }],
    ["a verified one", [otp(DECIDED), { t: "brand-verified", brandSid: "BN1", at: DECIDED + 1 }], DECIDED + 2, { httpStatus: 400 }],
  ])("given %s, when a new verification text is requested, then refusal %j", (_case, extra, at, refusal) => {
    const ruling = requestVerificationText(soleProprietor(extra), SUB, "BN1", at);

    if (refusal) expect(ruling).toMatchObject({ ok: false, refusal });
    else expect(ruling).toMatchObject({ ok: true, value: { sid: "BN1", mobilePhone: MOBILE } });
  });

  it("given a standard brand or another account's brand, when a verification text is requested, then 400 / 404", () => {
    const view = viewOf([...accounts(), brandEntry("BN2")]);

    expect(requestVerificationText(view, SUB, "BN2", DECIDED)).toMatchObject({ ok: false, refusal: { httpStatus: 400 } });
    expect(requestVerificationText(view, OTHER, "BN2", DECIDED)).toMatchObject({ ok: false, refusal: { httpStatus: 404, code: "20404" } });
    expect(requestVerificationText(view, MAIN, "BN2", DECIDED)).toMatchObject({ ok: false, refusal: { httpStatus: 404 } });
  });
});
