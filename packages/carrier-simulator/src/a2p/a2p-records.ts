// What the simulated Twilio keeps for US texting registration (A2P 10DLC): subaccounts, TrustHub
// profiles, brands, their verification texts, messaging services and campaigns. Each record is
// written once to the carrier's journal (the entries below) and never rewritten: statuses are
// derived from the timestamps against the clock (a2p-status.ts), so a fetch is always current and
// a restart loses nothing. Facts and texts: docs/texting-registration.md, sections A and C8.
import type { BusinessProfile, CampaignRequest, RegistrationError } from "@rebound/providers/telephony";

/** The number Twilio sends a sole proprietor's verification text from, and takes the YES reply on. */
export const A2P_VERIFICATION_SENDER = "+19152782000";
/** Twilio's verification text (sole proprietor OTP). */
export const A2P_VERIFICATION_TEXT = "Please confirm your registration for US A2P Messaging by replying YES. Msg & data rates may apply.";
/** Twilio's answer to a YES in time. */
export const A2P_VERIFICATION_CONFIRMED = "Thank you. Your registration has been confirmed.";
/** "The OTP is valid 24 hours" (Twilio's sole proprietor walkthrough). */
export const A2P_OTP_VALIDITY_MS = 24 * 60 * 60 * 1_000;
/** TCR: one mobile number may verify at most three sole proprietor brands, across all vendors. */
export const A2P_SOLE_PROPRIETOR_BRANDS_PER_MOBILE = 3;

export type BrandType = "STANDARD" | "SOLE_PROPRIETOR";
export type Outcome = "APPROVED" | "FAILED";

export type CampaignContent = Omit<CampaignRequest, "messagingServiceSid" | "brandSid">;

/** The journal entries of registration (joined to the carrier's own in carrier-journal.ts). */
export type A2pEntry =
  | { t: "account"; sid: string; authToken: string; friendlyName: string; at: number }
  | {
      t: "profile";
      accountSid: string;
      customerProfileSid: string;
      trustProductSid: string;
      friendlyName: string;
      notificationEmail: string;
      profile: BusinessProfile;
      at: number;
    }
  | {
      t: "brand";
      sid: string;
      accountSid: string;
      customerProfileSid: string;
      trustProductSid: string;
      brandType: BrandType;
      /** The sole proprietor's mobile (where the verification text goes). */
      mobilePhone?: string;
      createdAt: number;
      /** When the vetting ends (createdAt + the approval delay in force at creation). */
      decidedAt: number;
      /** Decided at creation from the submitted data, revealed at decidedAt. */
      outcome: Outcome;
      errors: RegistrationError[];
      /** Twilio's deprecated failure_reason, for the failures it documents only there. */
      failureReason?: string;
    }
  | { t: "otp"; brandSid: string; to: string; messageSid: string; sentAt: number }
  | { t: "brand-verified"; brandSid: string; at: number }
  | { t: "service"; sid: string; accountSid: string; friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string; at: number }
  | { t: "service-number"; serviceSid: string; phoneNumberSid: string; accountSid: string; at: number }
  | {
      t: "campaign";
      sid: string;
      accountSid: string;
      messagingServiceSid: string;
      brandSid: string;
      content: CampaignContent;
      createdAt: number;
      decidedAt: number;
      outcome: Outcome;
      errors: RegistrationError[];
    };

export type AccountEntry = Extract<A2pEntry, { t: "account" }>;
export type ProfileEntry = Extract<A2pEntry, { t: "profile" }>;
export type BrandEntry = Extract<A2pEntry, { t: "brand" }>;
export type OtpEntry = Extract<A2pEntry, { t: "otp" }>;
export type ServiceEntry = Extract<A2pEntry, { t: "service" }>;
export type CampaignEntry = Extract<A2pEntry, { t: "campaign" }>;

export type AccountRecord = Omit<AccountEntry, "t">;
export type ProfileRecord = Omit<ProfileEntry, "t">;
export interface BrandRecord extends Omit<BrandEntry, "t"> {
  /** Verification texts sent, oldest first. */
  otps: Omit<OtpEntry, "t" | "brandSid">[];
  /** When the owner's YES verified the brand (sole proprietors). */
  verifiedAt?: number;
}
export interface ServiceRecord extends Omit<ServiceEntry, "t"> {
  /** PN sids of the numbers in the service (released numbers leave it). */
  phoneNumberSids: string[];
}
export type CampaignRecord = Omit<CampaignEntry, "t">;

/** Registration's memory, rebuilt from the journal on start and updated by every new entry. */
export class A2pState {
  readonly accounts = new Map<string, AccountRecord>();
  /** By customer profile sid. */
  readonly profiles = new Map<string, ProfileRecord>();
  readonly brands = new Map<string, BrandRecord>();
  readonly services = new Map<string, ServiceRecord>();
  readonly campaigns = new Map<string, CampaignRecord>();
  private readonly serviceOfNumberSid = new Map<string, string>();

  apply(entry: A2pEntry): void {
    switch (entry.t) {
      case "account": {
        const { t: _t, ...account } = entry;
        this.accounts.set(account.sid, account);
        return;
      }
      case "profile": {
        const { t: _t, ...profile } = entry;
        this.profiles.set(profile.customerProfileSid, profile);
        return;
      }
      case "brand": {
        const { t: _t, ...brand } = entry;
        this.brands.set(brand.sid, { ...brand, otps: [] });
        return;
      }
      case "otp":
        this.brands.get(entry.brandSid)?.otps.push({ to: entry.to, messageSid: entry.messageSid, sentAt: entry.sentAt });
        return;
      case "brand-verified": {
        const brand = this.brands.get(entry.brandSid);
        if (brand) brand.verifiedAt = entry.at;
        return;
      }
      case "service": {
        const { t: _t, ...service } = entry;
        this.services.set(service.sid, { ...service, phoneNumberSids: [] });
        return;
      }
      case "service-number": {
        const service = this.services.get(entry.serviceSid);
        if (!service || service.phoneNumberSids.includes(entry.phoneNumberSid)) return;
        service.phoneNumberSids.push(entry.phoneNumberSid);
        this.serviceOfNumberSid.set(entry.phoneNumberSid, service.sid);
        return;
      }
      case "campaign": {
        const { t: _t, ...campaign } = entry;
        this.campaigns.set(campaign.sid, campaign);
        return;
      }
      default: {
        const _unknown: never = entry;
        return;
      }
    }
  }

  /** A released number leaves its messaging service, as at Twilio. */
  numberReleased(phoneNumberSid: string): void {
    const service = this.services.get(this.serviceOfNumberSid.get(phoneNumberSid) ?? "");
    this.serviceOfNumberSid.delete(phoneNumberSid);
    if (service) service.phoneNumberSids = service.phoneNumberSids.filter((sid) => sid !== phoneNumberSid);
  }

  serviceOfNumber(phoneNumberSid: string): ServiceRecord | undefined {
    const sid = this.serviceOfNumberSid.get(phoneNumberSid);
    return sid ? this.services.get(sid) : undefined;
  }

  campaignsOfService(serviceSid: string): CampaignRecord[] {
    return [...this.campaigns.values()].filter((campaign) => campaign.messagingServiceSid === serviceSid);
  }

  campaignsOfBrand(brandSid: string): CampaignRecord[] {
    return [...this.campaigns.values()].filter((campaign) => campaign.brandSid === brandSid);
  }

  brandsOfAccount(accountSid: string): BrandRecord[] {
    return [...this.brands.values()].filter((brand) => brand.accountSid === accountSid);
  }
}
