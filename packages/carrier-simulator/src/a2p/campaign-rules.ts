// Messaging services, their numbers, campaigns (Twilio's UsAppToPerson) and the carrier rule on
// texts from unregistered numbers (30034). Pure: (view, request, now) -> entry | Twilio's refusal.
import { usA2pRegistrationApplies } from "@rebound/contracts/domain";
import type { CampaignRequest, ProviderAccount, RegistrationError } from "@rebound/providers/telephony";
import type { BrandRecord, CampaignEntry, CampaignRecord, ServiceEntry, ServiceRecord } from "./a2p-records";
import { allow, authenticate, notFound, refuse, type A2pTimings, type RegistrationView, type Ruling } from "./a2p-rules";
import { brandIdentityStatus, brandStatus, campaignStatus } from "./a2p-status";

/** Twilio's texts for refusals and campaign vetting results (docs/texting-registration.md A4, A7). */
export const CAMPAIGN_TEXTS = {
  unverifiedBrand: "The Brand of this Campaign is in an unverified status. Campaign registrations under unverified brands is not allowed.",
  soleProprietorOneNumber: "Sole Proprietor Campaigns can only have one 10DLC phone number",
  samplesTitle: "Campaign vetting rejection - Inconsistency between Sample Message and Use-case",
  samplesText: "At least one of the sample messages should include your business name and opt-out message. Ensure at least two sample messages are provided.",
  descriptionTitle: "Campaign vetting rejection - Invalid Campaign Description",
  descriptionText: "If you are an ISV registering a direct offering to your customers, please indicate that in the campaign description",
  usecaseTitle: "Campaign rejection - The campaign use case is ineligible for registration.",
} as const;

/** Twilio's code for a campaign refused because of its brand's verification. */
export const UNVERIFIED_BRAND_CODE = "30991";
/** US A2P 10DLC - Message from an Unregistered Number. */
export const UNREGISTERED_NUMBER_ERROR = 30034;

const SERVICE_FRIENDLY_NAME_MAX = 64;
const OPT_OUT_WORDING = /\b(stop|opt[\s-]?out|unsubscribe)\b/i;
/** A legal form at the end of a name ("Acme Plumbing LLC"): samples name the brand without it. */
const LEGAL_FORM = /[\s,]+(llc|l\.l\.c\.?|inc\.?|incorporated|corp\.?|corporation|co\.?|company|ltd\.?|limited|llp|lp|pllc|pc)$/i;

export interface ServiceRequest {
  account: ProviderAccount;
  friendlyName: string;
  inboundRequestUrl: string;
  statusCallbackUrl: string;
  /** The sid the simulator drew (MG...). */
  sid: string;
}

export function createService(view: RegistrationView, request: ServiceRequest, now: number): Ruling<ServiceEntry> {
  const account = authenticate(view, request.account);
  if (!account.ok) return account;
  if (!request.friendlyName || request.friendlyName.length > SERVICE_FRIENDLY_NAME_MAX) {
    return refuse(400, `FriendlyName must be 1 to ${SERVICE_FRIENDLY_NAME_MAX} characters (got ${request.friendlyName.length}).`);
  }
  return allow({
    t: "service",
    sid: request.sid,
    accountSid: account.value,
    friendlyName: request.friendlyName,
    inboundRequestUrl: request.inboundRequestUrl,
    statusCallbackUrl: request.statusCallbackUrl,
    at: now,
  });
}

function findService(view: RegistrationView, accountSid: string, serviceSid: string, resource: string): Ruling<ServiceRecord> {
  const service = view.a2p.services.get(serviceSid);
  if (!service || service.accountSid !== accountSid) return notFound(`/v1/Services/${serviceSid}${resource}`);
  return allow(service);
}

/**
 * Whether a service holds a sole proprietor campaign (one number only): by its campaign's brand,
 * or before the campaign exists, by the account's newest brand.
 */
export function isSoleProprietorService(view: RegistrationView, service: ServiceRecord): boolean {
  const brandOf = (campaign: CampaignRecord) => view.a2p.brands.get(campaign.brandSid);
  const campaigns = view.a2p.campaignsOfService(service.sid);
  if (campaigns.length > 0) return campaigns.some((campaign) => brandOf(campaign)?.brandType === "SOLE_PROPRIETOR");
  const newest = view.a2p.brandsOfAccount(service.accountSid).sort((a, b) => b.createdAt - a.createdAt)[0];
  return newest?.brandType === "SOLE_PROPRIETOR";
}

function activeNumbersOf(view: RegistrationView, service: ServiceRecord): string[] {
  return service.phoneNumberSids.filter((sid) => view.numberBySid(sid)?.released === false);
}

export interface AddNumberRequest {
  account: ProviderAccount;
  messagingServiceSid: string;
  phoneNumberSid: string;
}

/** Puts one of the account's numbers into its messaging service. */
export function addNumber(
  view: RegistrationView,
  request: AddNumberRequest,
  now: number,
): Ruling<{ t: "service-number"; serviceSid: string; phoneNumberSid: string; accountSid: string; at: number }> {
  const account = authenticate(view, request.account);
  if (!account.ok) return account;
  const found = findService(view, account.value, request.messagingServiceSid, "/PhoneNumbers");
  if (!found.ok) return found;
  const service = found.value;
  const number = view.numberBySid(request.phoneNumberSid);
  const owner = number ? (number.accountSid ?? view.main.accountSid) : undefined;
  if (!number || number.released || owner !== account.value) {
    return refuse(400, `Phone Number is invalid: ${request.phoneNumberSid} is not an incoming phone number of account ${account.value}.`, "21421");
  }
  if (service.phoneNumberSids.includes(number.sid)) return refuse(409, "PhoneNumber has already been added to Service", "80104");
  if (view.a2p.serviceOfNumber(number.sid)) return refuse(409, "Phone Number or Short Code is associated with another Messaging Service.", "21712");
  if (isSoleProprietorService(view, service) && activeNumbersOf(view, service).length >= 1) return refuse(400, CAMPAIGN_TEXTS.soleProprietorOneNumber);
  return allow({ t: "service-number", serviceSid: service.sid, phoneNumberSid: number.sid, accountSid: account.value, at: now });
}

export interface CampaignSubmission {
  account: ProviderAccount;
  request: CampaignRequest;
  /** The sid the simulator drew (QE...). */
  sid: string;
}

/**
 * Submits a campaign: refused under a brand that is not APPROVED (and VERIFIED for a sole
 * proprietor), a second one in a service, a second one for a sole proprietor, or a sole
 * proprietor's service with more than one number. Otherwise IN_PROGRESS until
 * `now + campaignApprovalMs`, then VERIFIED, or FAILED with the vetting's errors.
 */
export function submitCampaign(view: RegistrationView, submission: CampaignSubmission, now: number, timings: A2pTimings): Ruling<CampaignEntry> {
  const account = authenticate(view, submission.account);
  if (!account.ok) return account;
  const { messagingServiceSid, brandSid, ...content } = submission.request;
  const found = findService(view, account.value, messagingServiceSid, "/Compliance/Usa2p");
  if (!found.ok) return found;
  const service = found.value;
  const brand = view.a2p.brands.get(brandSid);
  if (!brand || brand.accountSid !== account.value) return notFound(`/v1/a2p/BrandRegistrations/${brandSid}`);
  if (brandStatus(brand, now) !== "APPROVED" || brandIdentityStatus(brand, now) !== "VERIFIED") {
    return refuse(400, CAMPAIGN_TEXTS.unverifiedBrand, UNVERIFIED_BRAND_CODE);
  }
  const existing = view.a2p.campaignsOfService(service.sid)[0];
  // A Messaging Service holds one campaign; deleting the service deletes it (A3). Wording: the simulator's.
  if (existing) return refuse(409, `Messaging Service ${service.sid} already has a US A2P campaign (${existing.sid}).`);
  if (brand.brandType === "SOLE_PROPRIETOR") {
    const standing = view.a2p.campaignsOfBrand(brand.sid).filter((campaign) => campaignStatus(campaign, now) !== "FAILED");
    if (standing.length > 0 || activeNumbersOf(view, service).length > 1) return refuse(400, CAMPAIGN_TEXTS.soleProprietorOneNumber);
  }
  const errors = vetCampaign(content, brandName(view, brand), brand.brandType);
  return allow({
    t: "campaign",
    sid: submission.sid,
    accountSid: account.value,
    messagingServiceSid,
    brandSid,
    content: structuredClone(content),
    createdAt: now,
    decidedAt: now + Math.max(0, timings.campaignApprovalMs),
    outcome: errors.length > 0 ? "FAILED" : "APPROVED",
    errors,
  });
}

/** The name texts are sent under: a standard brand's legal name, a sole proprietor's brand name. */
export function brandName(view: RegistrationView, brand: BrandRecord): string {
  const profile = view.a2p.profiles.get(brand.customerProfileSid)?.profile;
  if (!profile) return "";
  return profile.kind === "standard" ? profile.legalName : profile.brandName;
}

/**
 * The vetting's verdict on a campaign's content (A7): samples 2-5 of at least 20 characters, one
 * of them naming the brand with opt-out wording (30893); description 40-4096 and message flow
 * 40-2048 characters (30886, naming the field); the SOLE_PROPRIETOR use case for a sole
 * proprietor brand only, and only it (30900).
 */
export function vetCampaign(
  content: Omit<CampaignRequest, "messagingServiceSid" | "brandSid">,
  name: string,
  brandType: BrandRecord["brandType"],
): RegistrationError[] {
  const errors: RegistrationError[] = [];
  const samples = content.messageSamples;
  const named = (sample: string) => mentionsBrand(sample, name) && OPT_OUT_WORDING.test(sample);
  const samplesFail =
    samples.length < 2 || samples.length > 5 || samples.some((sample) => sample.trim().length < 20 || sample.length > 1024) || !samples.some(named);
  if (samplesFail) errors.push({ code: "30893", description: `${CAMPAIGN_TEXTS.samplesTitle}: ${CAMPAIGN_TEXTS.samplesText}` });
  const description = content.description.trim().length;
  if (description < 40 || description > 4096) {
    errors.push({
      code: "30886",
      description: `${CAMPAIGN_TEXTS.descriptionTitle}: Description must be 40 to 4,096 characters (it has ${description}): who sends, who receives and why. ${CAMPAIGN_TEXTS.descriptionText}`,
    });
  }
  const flow = content.messageFlow.trim().length;
  if (flow < 40 || flow > 2048) {
    errors.push({
      code: "30886",
      description: `${CAMPAIGN_TEXTS.descriptionTitle}: MessageFlow must be 40 to 2,048 characters (it has ${flow}): how the consumer opts in, every method.`,
    });
  }
  const soleProprietorUsecase = content.usecase === "SOLE_PROPRIETOR";
  if (soleProprietorUsecase !== (brandType === "SOLE_PROPRIETOR")) {
    const rule =
      brandType === "SOLE_PROPRIETOR" ? "a Sole Proprietor brand registers the SOLE_PROPRIETOR use case only" : "SOLE_PROPRIETOR is for Sole Proprietor brands";
    errors.push({ code: "30900", description: `${CAMPAIGN_TEXTS.usecaseTitle} ${content.usecase}: ${rule}.` });
  }
  return errors;
}

/** The sample names the brand (case-insensitive; a legal form at the end of the name is optional). */
export function mentionsBrand(sample: string, name: string): boolean {
  const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
  const full = normalize(name);
  if (!full) return false;
  const short = normalize(name.replace(LEGAL_FORM, ""));
  const text = normalize(sample);
  return text.includes(full) || (short.length > 0 && text.includes(short));
}

/** A campaign of the account's service (else 404). */
export function findCampaign(view: RegistrationView, accountInput: ProviderAccount, serviceSid: string, campaignSid: string): Ruling<CampaignRecord> {
  const account = authenticate(view, accountInput);
  if (!account.ok) return account;
  const campaign = view.a2p.campaigns.get(campaignSid);
  if (!campaign || campaign.accountSid !== account.value || campaign.messagingServiceSid !== serviceSid) {
    return notFound(`/v1/Services/${serviceSid}/Compliance/Usa2p/${campaignSid}`);
  }
  return allow(campaign);
}

/** The number is in a messaging service whose campaign is VERIFIED at `now`. */
export function isRegisteredSender(view: RegistrationView, from: string, now: number): boolean {
  const number = view.activeNumber(from);
  const service = number ? view.a2p.serviceOfNumber(number.sid) : undefined;
  if (!service) return false;
  return view.a2p.campaignsOfService(service.sid).some((campaign) => campaignStatus(campaign, now) === "VERIFIED");
}

/**
 * US carriers' rule (30034): a text from a US 10DLC number to a US recipient is not delivered
 * unless the number is in a messaging service with a VERIFIED campaign. Canadian recipients and
 * Canadian senders are outside it. Undefined when the text may be delivered.
 */
export function carrierBlockCode(view: RegistrationView, text: { from: string; to: string }, now: number): number | undefined {
  if (!usA2pRegistrationApplies(text.from, text.to)) return undefined;
  return isRegisteredSender(view, text.from, now) ? undefined : UNREGISTERED_NUMBER_ERROR;
}
