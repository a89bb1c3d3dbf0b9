// TrustHub profiles, brand registration and the sole proprietor's verification text (the OTP the
// owner answers with YES). Pure: (view, request, now) -> entry to journal | Twilio's refusal.
import type { BusinessProfile, ProviderAccount, RegistrationError, SubmittedProfile } from "@rebound/providers/telephony";
import {
  A2P_OTP_VALIDITY_MS,
  A2P_SOLE_PROPRIETOR_BRANDS_PER_MOBILE,
  A2P_VERIFICATION_CONFIRMED,
  type BrandEntry,
  type BrandRecord,
  type BrandType,
  type ProfileEntry,
} from "./a2p-records";
import { allow, authenticate, notFound, refuse, type A2pTimings, type RegistrationView, type Ruling } from "./a2p-rules";
import { brandIdentityStatus, brandStatus, liveOtp } from "./a2p-status";

/** Brand feedback and failures, with Twilio's texts (docs/texting-registration.md A5, A6, B6). */
export const BRAND_ERRORS = {
  invalidEin: { code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." },
  /** No A2P code exists for a website that is not https (B6): the closest brand feedback, 30799's title. */
  unverifiableData: { code: "30799", description: "Brand Registration Feedback: We were unable to verify the details of the registration data." },
  /** The mobile is one of ours: "not a number which you've acquired from a CPaaS provider such as Twilio". */
  unsupportedMobile: { code: "30751", description: "Brand Registration Failure: Unsupported mobile phone number" },
} as const satisfies Record<string, RegistrationError>;

/** Sole proprietor failure_reason texts Twilio documents without an error code (A5). */
export const BRAND_FAILURE_REASONS = {
  campaignRegistry: "Unable to register Brand with The Campaign Registry",
  customerProfile:
    "Unable to fetch Customer Profile Bundle details, check if the correct bundle sid was provided for registration and the bundle is compliant.",
  a2pBundle: "Unable to fetch A2P Bundle Details, check if the correct bundle sid was provided for registration and the bundle is compliant.",
} as const;

export interface ProfileRequest {
  account: ProviderAccount;
  profile: BusinessProfile;
  friendlyName: string;
  notificationEmail: string;
  /** Sids the simulator drew for the new customer profile and trust product (BU...). */
  customerProfileSid: string;
  trustProductSid: string;
}

/** The customer profile and trust product, submitted for review (status pending-review). */
export function submitProfile(view: RegistrationView, request: ProfileRequest, now: number): Ruling<ProfileEntry> {
  const account = authenticate(view, request.account);
  if (!account.ok) return account;
  return allow({
    t: "profile",
    accountSid: account.value,
    customerProfileSid: request.customerProfileSid,
    trustProductSid: request.trustProductSid,
    friendlyName: request.friendlyName,
    notificationEmail: request.notificationEmail,
    profile: structuredClone(request.profile),
    at: now,
  });
}

export interface BrandRequest {
  account: ProviderAccount;
  kind: BusinessProfile["kind"];
  profile: SubmittedProfile;
  /** The sid the simulator drew for the brand (BN...). */
  sid: string;
}

/**
 * Registers a brand. The outcome is decided now from what was submitted (and how many brands the
 * mobile already verifies), and shown from `now + brandApprovalMs`: PENDING, IN_REVIEW, then
 * APPROVED, or FAILED with Twilio's errors.
 */
export function registerBrand(view: RegistrationView, request: BrandRequest, now: number, timings: A2pTimings): Ruling<BrandEntry> {
  const account = authenticate(view, request.account);
  if (!account.ok) return account;
  const brandType: BrandType = request.kind === "sole_proprietor" ? "SOLE_PROPRIETOR" : "STANDARD";
  const profile = view.a2p.profiles.get(request.profile.customerProfileSid);
  const base: Omit<BrandEntry, "outcome" | "errors"> = {
    t: "brand",
    sid: request.sid,
    accountSid: account.value,
    customerProfileSid: request.profile.customerProfileSid,
    trustProductSid: request.profile.trustProductSid,
    brandType,
    createdAt: now,
    decidedAt: now + Math.max(0, timings.brandApprovalMs),
  };
  const failed = (errors: RegistrationError[], failureReason?: string): Ruling<BrandEntry> =>
    allow<BrandEntry>({ ...base, outcome: "FAILED", errors, ...(failureReason ? { failureReason } : {}) });
  const withoutCode = (reason: string) => failed([{ code: "", description: reason }], reason);

  if (!profile || profile.accountSid !== account.value) return withoutCode(BRAND_FAILURE_REASONS.customerProfile);
  if (profile.trustProductSid !== request.profile.trustProductSid || profile.profile.kind !== request.kind) {
    return withoutCode(BRAND_FAILURE_REASONS.a2pBundle);
  }
  const submitted = profile.profile;
  if (submitted.kind === "standard") {
    const errors: RegistrationError[] = [];
    if (!isValidEin(submitted.ein)) errors.push({ ...BRAND_ERRORS.invalidEin });
    if (!isHttpsUrl(submitted.website)) errors.push({ ...BRAND_ERRORS.unverifiableData });
    return errors.length > 0 ? failed(errors) : allow<BrandEntry>({ ...base, outcome: "APPROVED", errors: [] });
  }
  const mobilePhone = submitted.mobilePhone;
  const withMobile = { ...base, mobilePhone };
  if (view.activeNumber(mobilePhone)) return allow<BrandEntry>({ ...withMobile, outcome: "FAILED", errors: [{ ...BRAND_ERRORS.unsupportedMobile }] });
  const registered = [...view.a2p.brands.values()].filter((brand) => brand.mobilePhone === mobilePhone && brand.outcome === "APPROVED").length;
  if (registered >= A2P_SOLE_PROPRIETOR_BRANDS_PER_MOBILE) {
    const reason = BRAND_FAILURE_REASONS.campaignRegistry;
    return allow<BrandEntry>({ ...withMobile, outcome: "FAILED", errors: [{ code: "", description: reason }], failureReason: reason });
  }
  return allow<BrandEntry>({ ...withMobile, outcome: "APPROVED", errors: [] });
}

/** Nine digits, not all zeros (Twilio's TrustHub takes the EIN without its dash). */
export function isValidEin(ein: string): boolean {
  return /^\d{9}$/.test(ein) && ein !== "000000000";
}

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A brand of the account (else 404). */
export function findBrand(view: RegistrationView, accountInput: ProviderAccount, brandSid: string): Ruling<BrandRecord> {
  const account = authenticate(view, accountInput);
  if (!account.ok) return account;
  const brand = view.a2p.brands.get(brandSid);
  if (!brand || brand.accountSid !== account.value) return notFound(`/v1/a2p/BrandRegistrations/${brandSid}`);
  return allow(brand);
}

/**
 * Sole proprietor brands that reached APPROVED and were never sent their verification text:
 * "The change to the APPROVED state triggers a new SMS OTP" (only the first is automatic).
 */
export function dueVerificationTexts(view: RegistrationView, now: number): BrandRecord[] {
  return [...view.a2p.brands.values()].filter(
    (brand) => brand.brandType === "SOLE_PROPRIETOR" && brandStatus(brand, now) === "APPROVED" && brand.otps.length === 0 && brand.mobilePhone,
  );
}

/** The next instant something becomes due (a verification text to send), for the simulator's timer. */
export function nextDueAt(view: RegistrationView, now: number): number | undefined {
  let next: number | undefined;
  for (const brand of view.a2p.brands.values()) {
    if (brand.brandType !== "SOLE_PROPRIETOR" || brand.outcome !== "APPROVED" || brand.otps.length > 0 || brand.decidedAt <= now) continue;
    next = next === undefined ? brand.decidedAt : Math.min(next, brand.decidedAt);
  }
  return next;
}

/**
 * A new verification text on request (Twilio: POST .../BrandRegistrations/{sid}/SmsOtp): only for a
 * sole proprietor brand that is APPROVED and still UNVERIFIED; the new text restarts the 24 hours.
 */
export function requestVerificationText(
  view: RegistrationView,
  account: ProviderAccount,
  brandSid: string,
  now: number,
): Ruling<BrandRecord & { mobilePhone: string }> {
  const found = findBrand(view, account, brandSid);
  if (!found.ok) return found;
  const brand = found.value;
  if (brand.brandType !== "SOLE_PROPRIETOR" || !brand.mobilePhone) return refuse(400, "SMS OTP verification is only for Sole Proprietor brands.");
  if (brandStatus(brand, now) !== "APPROVED")
    return refuse(400, `Brand ${brand.sid} is ${brandStatus(brand, now)}: the verification text is sent once it is APPROVED.`);
  if (brandIdentityStatus(brand, now) === "VERIFIED") return refuse(400, `Brand ${brand.sid} is already VERIFIED.`);
  return allow({ ...brand, mobilePhone: brand.mobilePhone });
}

export interface VerificationAnswer {
  /** The brand the reply verified. */
  verified?: { t: "brand-verified"; brandSid: string; at: number };
  /** What +1 915 278 2000 texts back. */
  reply?: string;
}

/**
 * The owner's reply to +1 (915) 278-2000. YES (any case, trimmed) while the newest verification
 * text to that mobile is under 24 hours old verifies its brand and is thanked; any other reply, or
 * YES after the 24 hours, changes nothing (Twilio's error 30752 "Invalid or expired OTP" is then
 * the brand's fate until a new text is requested).
 */
export function answerVerification(view: RegistrationView, sms: { from: string; body: string }, now: number): VerificationAnswer {
  if (sms.body.trim().toUpperCase() !== "YES") return {};
  const waiting = [...view.a2p.brands.values()]
    .filter((brand) => brand.mobilePhone === sms.from && brandIdentityStatus(brand, now) === "UNVERIFIED")
    .map((brand) => ({ brand, otp: liveOtp(brand, now, A2P_OTP_VALIDITY_MS) }))
    .filter((candidate) => candidate.otp?.to === sms.from)
    .sort((a, b) => (b.otp?.sentAt ?? 0) - (a.otp?.sentAt ?? 0));
  const answered = waiting[0];
  if (!answered) return {};
  return { verified: { t: "brand-verified", brandSid: answered.brand.sid, at: now }, reply: A2P_VERIFICATION_CONFIRMED };
}
