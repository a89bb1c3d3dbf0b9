// What the ISV flow sends to TrustHub, built from the business's profile (docs/texting-registration.md
// A3 and A4): the policies, end-user types and their Attributes, with Twilio's spelling.
import type { RegistrationAddress, SoleProprietorProfile, StandardBusinessProfile } from "@rebound/providers/telephony";

/** TrustHub policy SIDs, as Twilio publishes them for the ISV flow. */
export const TRUST_HUB_POLICIES = {
  /** Secondary customer profile of a business with a tax ID (A3 #1). */
  secondaryCustomerProfile: "RNdfbf3fae0e1107f8aded0e7cead80bf5",
  /** A2P messaging profile trust product of a standard brand (A3 #10). */
  a2pMessagingProfile: "RNb0d4771c2c98518d916a3d4cd70a8f8b",
  /** Starter customer profile of a sole proprietor (A4 #1). */
  starterCustomerProfile: "RN806dd6cd175f314e1f96a9727ee271f4",
  /** Sole proprietor A2P trust product (A4 #5). */
  soleProprietorA2pProfile: "RN670d5d2e282a6130ae063b234b6019c8",
} as const;

/** Job positions TrustHub accepts for an authorized representative. */
export type JobPosition = "Director" | "GM" | "VP" | "CEO" | "CFO" | "General Counsel";

/** Who signs for the business: the contract carries the contact's name, e-mail and phone, not a title. */
export interface AuthorizedRepresentativeRole {
  businessTitle: string;
  jobPosition: JobPosition;
}

export const DEFAULT_REPRESENTATIVE_ROLE: AuthorizedRepresentativeRole = { businessTitle: "Owner", jobPosition: "CEO" };

/** `customer_profile_business_information` (A3 #2): the business registers as our direct customer. */
export function businessInformationAttributes(profile: StandardBusinessProfile): Record<string, string> {
  return {
    business_name: profile.legalName,
    business_identity: "direct_customer",
    business_type: profile.businessType,
    business_industry: profile.industry,
    // The nine-digit US EIN; a Canadian business's nine-digit Business Number is TrustHub's CBN.
    business_registration_identifier: profile.country === "CA" ? "CBN" : "EIN",
    business_registration_number: profile.ein,
    business_regions_of_operation: "USA_AND_CANADA",
    website_url: profile.website,
  };
}

/** `authorized_representative_1` (A3 #4). */
export function authorizedRepresentativeAttributes(profile: StandardBusinessProfile, role: AuthorizedRepresentativeRole): Record<string, string> {
  return {
    first_name: profile.contactFirstName,
    last_name: profile.contactLastName,
    email: profile.contactEmail,
    phone_number: profile.contactPhone,
    business_title: role.businessTitle,
    job_position: role.jobPosition,
  };
}

/** `starter_customer_profile_information` (A4 #2): the owner's own name, e-mail and phone. */
export function starterProfileAttributes(profile: SoleProprietorProfile): Record<string, string> {
  return { first_name: profile.firstName, last_name: profile.lastName, email: profile.email, phone_number: profile.mobilePhone };
}

/** `us_a2p_messaging_profile_information` (A3 #11): a private company (no stock exchange, no ticker, no Authentication+ e-mail). */
export function a2pMessagingProfileAttributes(): Record<string, string> {
  return { company_type: "private" };
}

/** `sole_proprietor_information` (A4 #5): the brand texts go out under and the mobile that receives the verification text. */
export function soleProprietorAttributes(profile: SoleProprietorProfile): Record<string, string> {
  return { brand_name: profile.brandName, mobile_phone_number: profile.mobilePhone };
}

/** The 2010 Address of the business (A3 #5), in the subaccount. */
export function addressRequest(customerName: string, address: RegistrationAddress) {
  return {
    customerName,
    street: address.street,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    isoCountry: address.country,
  };
}
