// Statuses derived from timestamps: what Twilio would answer at `now`. Pure.
import type { BrandSnapshot, CampaignSnapshot } from "@rebound/providers/telephony";
import type { BrandRecord, CampaignRecord, ProfileRecord, A2pState } from "./a2p-records";

/** PENDING for the first half of the vetting delay, IN_REVIEW for the second, then the outcome. */
export function brandStatus(brand: BrandRecord, now: number): string {
  if (now >= brand.decidedAt) return brand.outcome;
  return now < brand.createdAt + (brand.decidedAt - brand.createdAt) / 2 ? "PENDING" : "IN_REVIEW";
}

/**
 * A standard (low-volume) brand is VERIFIED once approved; a sole proprietor's stays UNVERIFIED
 * until the owner replies YES to the verification text; pending and failed brands are UNVERIFIED.
 */
export function brandIdentityStatus(brand: BrandRecord, now: number): string {
  if (brandStatus(brand, now) !== "APPROVED") return "UNVERIFIED";
  if (brand.brandType === "STANDARD") return "VERIFIED";
  return brand.verifiedAt !== undefined && brand.verifiedAt <= now ? "VERIFIED" : "UNVERIFIED";
}

/** The simulator's brand answer: Twilio's fields, plus the deprecated failure_reason when it carries the reason. */
export interface SimulatedBrandSnapshot extends BrandSnapshot {
  failureReason?: string;
}

export function brandSnapshot(brand: BrandRecord, now: number): SimulatedBrandSnapshot {
  const status = brandStatus(brand, now);
  const failed = status === "FAILED";
  return {
    sid: brand.sid,
    status,
    identityStatus: brandIdentityStatus(brand, now),
    brandType: brand.brandType,
    errors: failed ? brand.errors.map((error) => ({ ...error })) : [],
    ...(failed && brand.failureReason ? { failureReason: brand.failureReason } : {}),
  };
}

export function campaignStatus(campaign: CampaignRecord, now: number): string {
  return now >= campaign.decidedAt ? (campaign.outcome === "APPROVED" ? "VERIFIED" : "FAILED") : "IN_PROGRESS";
}

export function campaignSnapshot(campaign: CampaignRecord, now: number): CampaignSnapshot {
  const status = campaignStatus(campaign, now);
  return { sid: campaign.sid, campaignStatus: status, errors: status === "FAILED" ? campaign.errors.map((error) => ({ ...error })) : [] };
}

/**
 * TrustHub's review of a customer profile and its A2P trust product: `pending-review` once submitted,
 * `twilio-approved` together with the first brand on it that is approved.
 */
export function profileStatus(state: A2pState, profile: ProfileRecord, now: number): string {
  const approved = [...state.brands.values()].some(
    (brand) => brand.customerProfileSid === profile.customerProfileSid && brandStatus(brand, now) === "APPROVED",
  );
  return approved ? "twilio-approved" : "pending-review";
}

/** The verification text still valid at `now` (the newest), if any. */
export function liveOtp(brand: BrandRecord, now: number, validityMs: number): BrandRecord["otps"][number] | undefined {
  const latest = brand.otps.at(-1);
  return latest && latest.sentAt <= now && now < latest.sentAt + validityMs ? latest : undefined;
}
