// GET /dev/simulator/a2p: registration as the simulated Twilio holds it, statuses as of `now`.
// Auth tokens are secrets and stay out of it.
import { A2P_OTP_VALIDITY_MS } from "./a2p-records";
import type { RegistrationView } from "./a2p-rules";
import { brandSnapshot, campaignSnapshot, profileStatus } from "./a2p-status";
import { brandName, isSoleProprietorService } from "./campaign-rules";

export function a2pSnapshot(view: RegistrationView, now: number) {
  const { a2p } = view;
  return {
    now,
    accounts: [...a2p.accounts.values()].map(({ sid, friendlyName, at }) => ({ sid, friendlyName, createdAt: at })),
    profiles: [...a2p.profiles.values()].map((profile) => ({
      customerProfileSid: profile.customerProfileSid,
      trustProductSid: profile.trustProductSid,
      accountSid: profile.accountSid,
      friendlyName: profile.friendlyName,
      kind: profile.profile.kind,
      status: profileStatus(a2p, profile, now),
      submittedAt: profile.at,
    })),
    brands: [...a2p.brands.values()].map((brand) => ({
      ...brandSnapshot(brand, now),
      accountSid: brand.accountSid,
      customerProfileSid: brand.customerProfileSid,
      trustProductSid: brand.trustProductSid,
      brandName: brandName(view, brand),
      ...(brand.mobilePhone ? { mobilePhone: brand.mobilePhone } : {}),
      createdAt: brand.createdAt,
      decidedAt: brand.decidedAt,
      verificationTexts: brand.otps.map((otp) => ({ to: otp.to, messageSid: otp.messageSid, sentAt: otp.sentAt, expiresAt: otp.sentAt + A2P_OTP_VALIDITY_MS })),
      verifiedAt: brand.verifiedAt ?? null,
    })),
    services: [...a2p.services.values()].map((service) => ({
      sid: service.sid,
      accountSid: service.accountSid,
      friendlyName: service.friendlyName,
      inboundRequestUrl: service.inboundRequestUrl,
      statusCallbackUrl: service.statusCallbackUrl,
      soleProprietor: isSoleProprietorService(view, service),
      phoneNumbers: service.phoneNumberSids.map((sid) => ({ sid, phoneNumber: view.numberBySid(sid)?.phoneNumber ?? null })),
      createdAt: service.at,
    })),
    campaigns: [...a2p.campaigns.values()].map((campaign) => ({
      ...campaignSnapshot(campaign, now),
      accountSid: campaign.accountSid,
      messagingServiceSid: campaign.messagingServiceSid,
      brandSid: campaign.brandSid,
      usecase: campaign.content.usecase,
      createdAt: campaign.createdAt,
      decidedAt: campaign.decidedAt,
    })),
  };
}

export type A2pSnapshot = ReturnType<typeof a2pSnapshot>;
