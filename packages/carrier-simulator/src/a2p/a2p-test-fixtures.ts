// Builders for the registration rules' tests: a view from journal entries, and valid inputs that a
// test spoils one field at a time.
import type { CampaignRequest, SoleProprietorProfile, StandardBusinessProfile } from "@rebound/providers/telephony";
import { A2pState, type A2pEntry, type BrandEntry, type CampaignEntry } from "./a2p-records";
import type { RegistrationView, ViewedNumber } from "./a2p-rules";

export const MAIN = { accountSid: `AC${"5".repeat(32)}`, authToken: "main-token" };
export const SUB = { accountSid: `AC${"a".repeat(32)}`, authToken: "sub-token" };
export const OTHER = { accountSid: `AC${"b".repeat(32)}`, authToken: "other-token" };
export const T0 = Date.parse("2026-01-05T15:00:00Z");
export const TIMINGS = { brandApprovalMs: 10_000, campaignApprovalMs: 20_000 };
export const MOBILE = "+14155550199";

export const standardProfile: StandardBusinessProfile = {
  kind: "standard",
  legalName: "Acme Plumbing LLC",
  ein: "123456789",
  businessType: "Limited Liability Corporation",
  industry: "CONSTRUCTION",
  website: "https://acmeplumbing.example.com",
  contactFirstName: "Ada",
  contactLastName: "Lovelace",
  contactEmail: "ada@acmeplumbing.example.com",
  contactPhone: "+14155550100",
  street: "1 Main St",
  city: "San Francisco",
  region: "CA",
  postalCode: "94107",
  country: "US",
};

export const soleProprietorProfile: SoleProprietorProfile = {
  kind: "sole_proprietor",
  firstName: "Sam",
  lastName: "Rivera",
  email: "sam@example.com",
  mobilePhone: MOBILE,
  brandName: "Sam's Lawn Care",
  street: "2 Oak Ave",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
  country: "US",
};

export const accounts = (): A2pEntry[] => [
  { t: "account", sid: SUB.accountSid, authToken: SUB.authToken, friendlyName: "rebound:b1", at: T0 },
  { t: "account", sid: OTHER.accountSid, authToken: OTHER.authToken, friendlyName: "rebound:b2", at: T0 },
];

export const profileEntry = (sid: string, profile: StandardBusinessProfile | SoleProprietorProfile, accountSid = SUB.accountSid): A2pEntry => ({
  t: "profile",
  accountSid,
  customerProfileSid: `BU-profile-${sid}`,
  trustProductSid: `BU-trust-${sid}`,
  friendlyName: `rebound:${sid}`,
  notificationEmail: "texting@rebound.example",
  profile,
  at: T0,
});

export const brandEntry = (sid: string, fields: Partial<BrandEntry> = {}): BrandEntry => ({
  t: "brand",
  sid,
  accountSid: SUB.accountSid,
  customerProfileSid: `BU-profile-${sid}`,
  trustProductSid: `BU-trust-${sid}`,
  brandType: "STANDARD",
  createdAt: T0,
  decidedAt: T0 + TIMINGS.brandApprovalMs,
  outcome: "APPROVED",
  errors: [],
  ...fields,
});

export const campaignContent = (brandName = "Acme Plumbing"): Omit<CampaignRequest, "messagingServiceSid" | "brandSid"> => ({
  usecase: "LOW_VOLUME",
  description: "Acme Plumbing texts people who called the business and whose call was missed, once per missed call.",
  messageFlow: "A person phones Acme Plumbing; when nobody answers, they get one text back. Reply STOP to opt out.",
  messageSamples: [
    `${brandName}: sorry we missed your call! We will call you back shortly. Reply STOP to opt out.`,
    `${brandName}: we're closed now and will call you back tomorrow at [time].`,
  ],
  hasEmbeddedLinks: false,
  hasEmbeddedPhone: false,
  optOutKeywords: ["STOP"],
  optOutMessage: "You are unsubscribed from Acme Plumbing texts. No more messages will be sent.",
  helpKeywords: ["HELP"],
  helpMessage: "Acme Plumbing: reply STOP to opt out. Msg & data rates may apply.",
  privacyPolicyUrl: "https://rebound.example/texting/b1",
  termsAndConditionsUrl: "https://rebound.example/texting/b1",
});

export const campaignEntry = (sid: string, fields: Partial<CampaignEntry> = {}): CampaignEntry => ({
  t: "campaign",
  sid,
  accountSid: SUB.accountSid,
  messagingServiceSid: "MG1",
  brandSid: "BN1",
  content: campaignContent(),
  createdAt: T0,
  decidedAt: T0 + TIMINGS.campaignApprovalMs,
  outcome: "APPROVED",
  errors: [],
  ...fields,
});

export const serviceEntry = (sid: string, accountSid = SUB.accountSid): A2pEntry => ({
  t: "service",
  sid,
  accountSid,
  friendlyName: `rebound:${sid}`,
  inboundRequestUrl: "https://rebound.example/webhooks/twilio/sms",
  statusCallbackUrl: "https://rebound.example/webhooks/twilio/status",
  at: T0,
});

/** A number of `accountSid` (null: the main account's). */
export const number = (sid: string, phoneNumber: string, accountSid: string | null = SUB.accountSid, released = false): ViewedNumber => ({
  sid,
  phoneNumber,
  released,
  ...(accountSid ? { accountSid } : {}),
});

/** A view of these entries and numbers (numbers' releases leave their services, as in CarrierState). */
export function viewOf(entries: A2pEntry[], numbers: ViewedNumber[] = []): RegistrationView {
  const a2p = new A2pState();
  for (const entry of entries) a2p.apply(entry);
  for (const released of numbers.filter((viewed) => viewed.released)) a2p.numberReleased(released.sid);
  return {
    a2p,
    main: MAIN,
    numberBySid: (sid) => numbers.find((viewed) => viewed.sid === sid),
    activeNumber: (phoneNumber) => numbers.find((viewed) => viewed.phoneNumber === phoneNumber && !viewed.released),
  };
}
