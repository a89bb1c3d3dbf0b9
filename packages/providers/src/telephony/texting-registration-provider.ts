// US texting registration (A2P 10DLC) at the provider, the ISV way: a subaccount per business,
// its business profile and A2P trust product (TrustHub), a brand, a messaging service holding the
// business's number, and a campaign. Twilio's statuses come back verbatim; telephony's saga maps
// them to the product's (docs/texting-registration.md, sections A3-A6 and C3).

/** A provider account: Twilio's subaccount of one business. The token is a secret: never logged. */
export interface ProviderAccount {
  accountSid: string;
  authToken: string;
}

export interface RegistrationAddress {
  street: string;
  city: string;
  /** Two-letter state or province. */
  region: string;
  postalCode: string;
  /** US or CA. */
  country: string;
}

/** A business with an EIN: Twilio's secondary customer profile + A2P trust product, brand type STANDARD. */
export interface StandardBusinessProfile extends RegistrationAddress {
  kind: "standard";
  legalName: string;
  /** Nine digits, no dash. */
  ein: string;
  /** Twilio's business_type, e.g. "Limited Liability Corporation". */
  businessType: string;
  /** Twilio's business_industry / vertical, e.g. "PROFESSIONAL". */
  industry: string;
  /** https:// */
  website: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  /** E.164. */
  contactPhone: string;
}

/** An individual without an EIN: Twilio's starter customer profile + sole proprietor trust product. */
export interface SoleProprietorProfile extends RegistrationAddress {
  kind: "sole_proprietor";
  firstName: string;
  lastName: string;
  email: string;
  /** E.164: the owner's own mobile, where the brand's verification text goes. */
  mobilePhone: string;
  /** The name texts are sent under (the business name, else first and last name). */
  brandName: string;
}

export type BusinessProfile = StandardBusinessProfile | SoleProprietorProfile;

export interface SubmittedProfile {
  /** TrustHub customer profile (BU...). */
  customerProfileSid: string;
  /** TrustHub A2P trust product (BU...). */
  trustProductSid: string;
}

export interface RegistrationError {
  /** Twilio's error code, e.g. "30795". */
  code: string;
  description: string;
}

/** A brand registration as the provider reports it. */
export interface BrandSnapshot {
  sid: string;
  /** PENDING, IN_REVIEW, APPROVED, FAILED, SUSPENDED, DELETION_PENDING, DELETION_FAILED. */
  status: string;
  /** SELF_DECLARED, UNVERIFIED, VERIFIED, VETTED_VERIFIED (sole proprietors wait in UNVERIFIED for the owner's YES). */
  identityStatus: string;
  /** STANDARD, SOLE_PROPRIETOR, LOW_VOLUME_STANDARD ... (read as a free string). */
  brandType: string;
  errors: RegistrationError[];
}

/** A campaign (Twilio's UsAppToPerson) as the provider reports it. */
export interface CampaignSnapshot {
  sid: string;
  /** IN_PROGRESS, VERIFIED, FAILED, SUSPENDED ... (read as a free string). */
  campaignStatus: string;
  errors: RegistrationError[];
}

export interface CampaignRequest {
  messagingServiceSid: string;
  brandSid: string;
  /** LOW_VOLUME, CUSTOMER_CARE, SOLE_PROPRIETOR ... */
  usecase: string;
  description: string;
  messageFlow: string;
  /** Two to five. */
  messageSamples: string[];
  hasEmbeddedLinks: boolean;
  hasEmbeddedPhone: boolean;
  optOutKeywords: string[];
  optOutMessage: string;
  helpKeywords: string[];
  helpMessage: string;
  privacyPolicyUrl: string;
  termsAndConditionsUrl: string;
}

export interface TextingRegistrationProvider {
  /** A new subaccount for one business (Twilio: POST /2010-04-01/Accounts.json). */
  createSubaccount(friendlyName: string): Promise<ProviderAccount>;
  /**
   * The business profile and its A2P trust product, built, evaluated and submitted for review
   * (Twilio: TrustHub CustomerProfiles, EndUsers, Addresses, SupportingDocuments, TrustProducts).
   */
  submitBusinessProfile(
    account: ProviderAccount,
    profile: BusinessProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<SubmittedProfile>;
  /** Registers the brand (fees are charged here). STANDARD brands skip secondary vetting (low-volume standard). */
  createBrand(account: ProviderAccount, request: { kind: BusinessProfile["kind"]; profile: SubmittedProfile }): Promise<BrandSnapshot>;
  fetchBrand(account: ProviderAccount, brandSid: string): Promise<BrandSnapshot>;
  /** Sends the sole proprietor's verification text again (Twilio: POST .../BrandRegistrations/{sid}/SmsOtp). */
  resendBrandVerification(account: ProviderAccount, brandSid: string): Promise<void>;
  /** The business's messaging service; inbound texts and delivery callbacks go to our webhooks. */
  createMessagingService(
    account: ProviderAccount,
    request: { friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string },
  ): Promise<{ sid: string }>;
  /** Submits the campaign (only once the brand is approved, and verified for a sole proprietor). */
  createCampaign(account: ProviderAccount, request: CampaignRequest): Promise<CampaignSnapshot>;
  fetchCampaign(account: ProviderAccount, messagingServiceSid: string, campaignSid: string): Promise<CampaignSnapshot>;
  /** Puts the business's number (its PN... sid, owned by the subaccount) into the messaging service. */
  addNumberToService(account: ProviderAccount, messagingServiceSid: string, phoneNumberSid: string): Promise<void>;
}
