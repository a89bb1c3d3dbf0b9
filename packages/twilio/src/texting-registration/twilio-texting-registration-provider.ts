import twilio from "twilio";
import type {
  BrandSnapshot,
  BusinessProfile,
  CampaignRequest,
  CampaignSnapshot,
  ProviderAccount,
  SoleProprietorProfile,
  StandardBusinessProfile,
  SubmittedProfile,
  TextingRegistrationProvider,
} from "@rebound/providers/telephony";
import { toTelephonyProviderError } from "../twilio-errors";
import { TwilioHttpClient } from "../twilio-http-client";
import { evaluationFailures, TrustHubEvaluationError } from "./evaluation-error";
import { brandSnapshot, campaignSnapshot } from "./registration-snapshots";
import { processRequestSpacing, type RequestSpacing } from "./request-spacing";
import {
  a2pMessagingProfileAttributes,
  addressRequest,
  authorizedRepresentativeAttributes,
  businessInformationAttributes,
  DEFAULT_REPRESENTATIVE_ROLE,
  soleProprietorAttributes,
  starterProfileAttributes,
  TRUST_HUB_POLICIES,
  type AuthorizedRepresentativeRole,
} from "./trust-hub-requests";

/** The fields a log line may carry: SIDs and step names, never a token. */
export interface RegistrationLogger {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface TwilioTextingRegistrationOptions {
  /** Our (parent) account: creates subaccounts, and reaches their 2010 resources (addresses). */
  accountSid: string;
  authToken: string;
  /** Our primary customer profile (BU..., Twilio-approved, "ISV Reseller or Partner"), assigned to every business's profile. */
  primaryCustomerProfileSid: string;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Tests and fakes: where the SDK's requests go instead of *.twilio.com. */
  apiBaseUrl?: string;
  /** StatusCallback of customer profiles and trust products: TrustHub posts their review changes there. */
  trustHubStatusCallbackUrl?: string;
  /** Title and job position of the authorized representative (default Owner, CEO). */
  representativeRole?: AuthorizedRepresentativeRole;
  /** Twilio's `Mock` brand registration (no TCR, no fees): staging accounts only. Default false. */
  mockBrands?: boolean;
  /** Minimum ms between two brand or campaign writes in this process (default 1,000: Twilio's one a second). */
  registrationRequestIntervalMs?: number;
  logger?: RegistrationLogger;
}

/** The header that makes Twilio accept and answer PrivacyPolicyUrl and TermsAndConditionsUrl on campaigns. */
export const CAMPAIGN_API_VERSION = "v1.2";

/** Subaccount clients kept for reuse (one SDK client per subaccount, on the shared HTTP client). */
const CLIENT_CACHE_SIZE = 256;

type TrustHubClient = twilio.Twilio;

/**
 * US texting registration (A2P 10DLC) on Twilio, the ISV way (docs/texting-registration.md A2-A4):
 * TrustHub bundles, brands, messaging services and campaigns are made with the business's
 * SUBACCOUNT credentials (`twilio(sub, subToken)`); the subaccount's 2010 resources (its address)
 * with our parent credentials on the subaccount's path. Brand and campaign writes are spaced one a
 * second per process. Failures are TelephonyProviderErrors with Twilio's code; a noncompliant
 * evaluation is a TrustHubEvaluationError listing Twilio's reasons.
 */
export class TwilioTextingRegistrationProvider implements TextingRegistrationProvider {
  private readonly httpClient: TwilioHttpClient;
  private readonly parent: twilio.Twilio;
  private readonly clients = new Map<string, { authToken: string; client: TrustHubClient }>();
  private readonly spacing: RequestSpacing;
  private readonly role: AuthorizedRepresentativeRole;

  constructor(private readonly options: TwilioTextingRegistrationOptions) {
    if (!/^BU[0-9a-fA-F]{32}$/.test(options.primaryCustomerProfileSid)) {
      throw new Error("primaryCustomerProfileSid must be our primary customer profile's SID (BU followed by 32 hex digits)");
    }
    this.httpClient = new TwilioHttpClient({ timeoutMs: options.timeoutMs, baseUrl: options.apiBaseUrl });
    this.parent = twilio(options.accountSid, options.authToken, { httpClient: this.httpClient });
    this.spacing = processRequestSpacing(options.registrationRequestIntervalMs ?? 1_000);
    this.role = options.representativeRole ?? DEFAULT_REPRESENTATIVE_ROLE;
  }

  async createSubaccount(friendlyName: string): Promise<ProviderAccount> {
    const account = await this.call("subaccount create", () => this.parent.api.v2010.accounts.create({ friendlyName }));
    this.log({ accountSid: account.sid }, "texting registration: subaccount created");
    return { accountSid: account.sid, authToken: account.authToken };
  }

  async submitBusinessProfile(
    account: ProviderAccount,
    profile: BusinessProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<SubmittedProfile> {
    const customerProfileSid =
      profile.kind === "standard" ? await this.submitSecondaryProfile(account, profile, options) : await this.submitStarterProfile(account, profile, options);
    const trustProductSid = await this.submitTrustProduct(account, profile, customerProfileSid, options);
    return { customerProfileSid, trustProductSid };
  }

  async createBrand(account: ProviderAccount, request: { kind: BusinessProfile["kind"]; profile: SubmittedProfile }): Promise<BrandSnapshot> {
    const client = this.clientOf(account);
    const standard = request.kind === "standard";
    await this.spacing.turn();
    const brand = await this.call("brand registration", () =>
      client.messaging.v1.brandRegistrations.create({
        customerProfileBundleSid: request.profile.customerProfileSid,
        a2PProfileBundleSid: request.profile.trustProductSid,
        brandType: standard ? "STANDARD" : "SOLE_PROPRIETOR",
        // Low-Volume Standard: a STANDARD brand without secondary vetting (no $40 vetting fee).
        ...(standard ? { skipAutomaticSecVet: true } : {}),
        ...(this.options.mockBrands ? { mock: true } : {}),
      }),
    );
    this.log({ accountSid: account.accountSid, brandSid: brand.sid, status: brand.status }, "texting registration: brand registered");
    return brandSnapshot(brand);
  }

  async fetchBrand(account: ProviderAccount, brandSid: string): Promise<BrandSnapshot> {
    const brand = await this.call("brand fetch", () => this.clientOf(account).messaging.v1.brandRegistrations(brandSid).fetch());
    return brandSnapshot(brand);
  }

  async resendBrandVerification(account: ProviderAccount, brandSid: string): Promise<void> {
    await this.spacing.turn();
    await this.call("brand verification text", () => this.clientOf(account).messaging.v1.brandRegistrations(brandSid).brandRegistrationOtps.create());
    this.log({ accountSid: account.accountSid, brandSid }, "texting registration: verification text requested");
  }

  async createMessagingService(
    account: ProviderAccount,
    request: { friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string },
  ): Promise<{ sid: string }> {
    const service = await this.call("messaging service create", () =>
      this.clientOf(account).messaging.v1.services.create({
        friendlyName: request.friendlyName.slice(0, 64),
        inboundRequestUrl: request.inboundRequestUrl,
        inboundMethod: "POST",
        statusCallback: request.statusCallbackUrl,
        // Inbound texts follow the service's URL, not each number's (the number keeps its own for voice).
        useInboundWebhookOnNumber: false,
      }),
    );
    this.log({ accountSid: account.accountSid, messagingServiceSid: service.sid }, "texting registration: messaging service created");
    return { sid: service.sid };
  }

  async createCampaign(account: ProviderAccount, request: CampaignRequest): Promise<CampaignSnapshot> {
    const client = this.clientOf(account);
    await this.spacing.turn();
    const campaign = await this.call("campaign registration", () =>
      client.messaging.v1.services(request.messagingServiceSid).usAppToPerson.create({
        brandRegistrationSid: request.brandSid,
        usAppToPersonUsecase: request.usecase,
        description: request.description,
        messageFlow: request.messageFlow,
        messageSamples: request.messageSamples,
        hasEmbeddedLinks: request.hasEmbeddedLinks,
        hasEmbeddedPhone: request.hasEmbeddedPhone,
        optOutKeywords: request.optOutKeywords,
        optOutMessage: request.optOutMessage,
        helpKeywords: request.helpKeywords,
        helpMessage: request.helpMessage,
        privacyPolicyUrl: request.privacyPolicyUrl,
        termsAndConditionsUrl: request.termsAndConditionsUrl,
        xTwilioApiVersion: CAMPAIGN_API_VERSION,
      }),
    );
    this.log(
      { accountSid: account.accountSid, messagingServiceSid: request.messagingServiceSid, campaignSid: campaign.sid, status: campaign.campaignStatus },
      "texting registration: campaign submitted",
    );
    return campaignSnapshot(campaign);
  }

  async fetchCampaign(account: ProviderAccount, messagingServiceSid: string, campaignSid: string): Promise<CampaignSnapshot> {
    const campaign = await this.call("campaign fetch", () =>
      this.clientOf(account).messaging.v1.services(messagingServiceSid).usAppToPerson(campaignSid).fetch({ xTwilioApiVersion: CAMPAIGN_API_VERSION }),
    );
    return campaignSnapshot(campaign);
  }

  async addNumberToService(account: ProviderAccount, messagingServiceSid: string, phoneNumberSid: string): Promise<void> {
    await this.call("number add to messaging service", () =>
      this.clientOf(account).messaging.v1.services(messagingServiceSid).phoneNumbers.create({ phoneNumberSid }),
    );
    this.log({ accountSid: account.accountSid, messagingServiceSid, phoneNumberSid }, "texting registration: number added to the messaging service");
  }

  async close(): Promise<void> {
    this.clients.clear();
    this.httpClient.destroy();
  }

  /** A3 #1-9: secondary customer profile, business information, authorized representative, address, primary profile; evaluated and submitted. */
  private async submitSecondaryProfile(
    account: ProviderAccount,
    profile: StandardBusinessProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<string> {
    const trustHub = this.clientOf(account).trusthub.v1;
    const bundle = await this.call("customer profile create", () =>
      trustHub.customerProfiles.create({
        policySid: TRUST_HUB_POLICIES.secondaryCustomerProfile,
        friendlyName: `${options.friendlyName}:customer-profile`,
        email: options.notificationEmail,
        ...this.statusCallback(),
      }),
    );
    const assign = (objectSid: string, what: string) =>
      this.call(`customer profile assignment (${what})`, () => trustHub.customerProfiles(bundle.sid).customerProfilesEntityAssignments.create({ objectSid }));
    const business = await this.createEndUser(
      account,
      "customer_profile_business_information",
      `${options.friendlyName}:business-information`,
      businessInformationAttributes(profile),
    );
    await assign(business, "business information");
    const representative = await this.createEndUser(
      account,
      "authorized_representative_1",
      `${options.friendlyName}:authorized-representative`,
      authorizedRepresentativeAttributes(profile, this.role),
    );
    await assign(representative, "authorized representative");
    const document = await this.createAddressDocument(account, profile.legalName, profile, options.friendlyName);
    await assign(document, "address");
    await assign(this.options.primaryCustomerProfileSid, "primary customer profile");
    await this.evaluateAndSubmit(account, "customer profile", bundle.sid, TRUST_HUB_POLICIES.secondaryCustomerProfile);
    this.log({ accountSid: account.accountSid, customerProfileSid: bundle.sid }, "texting registration: customer profile submitted");
    return bundle.sid;
  }

  /** A4 #1-4: starter customer profile, the owner's information, address, primary profile; evaluated and submitted. */
  private async submitStarterProfile(
    account: ProviderAccount,
    profile: SoleProprietorProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<string> {
    const trustHub = this.clientOf(account).trusthub.v1;
    const bundle = await this.call("customer profile create", () =>
      trustHub.customerProfiles.create({
        policySid: TRUST_HUB_POLICIES.starterCustomerProfile,
        friendlyName: `${options.friendlyName}:customer-profile`,
        email: options.notificationEmail,
        ...this.statusCallback(),
      }),
    );
    const assign = (objectSid: string, what: string) =>
      this.call(`customer profile assignment (${what})`, () => trustHub.customerProfiles(bundle.sid).customerProfilesEntityAssignments.create({ objectSid }));
    const owner = await this.createEndUser(
      account,
      "starter_customer_profile_information",
      `${options.friendlyName}:starter-information`,
      starterProfileAttributes(profile),
    );
    await assign(owner, "starter information");
    const document = await this.createAddressDocument(account, `${profile.firstName} ${profile.lastName}`, profile, options.friendlyName);
    await assign(document, "address");
    await assign(this.options.primaryCustomerProfileSid, "primary customer profile");
    await this.evaluateAndSubmit(account, "customer profile", bundle.sid, TRUST_HUB_POLICIES.starterCustomerProfile);
    this.log({ accountSid: account.accountSid, customerProfileSid: bundle.sid }, "texting registration: starter profile submitted");
    return bundle.sid;
  }

  /** A3 #10-13 / A4 #5: the A2P trust product with its messaging-profile end user and the customer profile; evaluated and submitted. */
  private async submitTrustProduct(
    account: ProviderAccount,
    profile: BusinessProfile,
    customerProfileSid: string,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<string> {
    const trustHub = this.clientOf(account).trusthub.v1;
    const standard = profile.kind === "standard";
    const policySid = standard ? TRUST_HUB_POLICIES.a2pMessagingProfile : TRUST_HUB_POLICIES.soleProprietorA2pProfile;
    const bundle = await this.call("trust product create", () =>
      trustHub.trustProducts.create({
        policySid,
        friendlyName: `${options.friendlyName}:a2p-trust-product`,
        email: options.notificationEmail,
        ...this.statusCallback(),
      }),
    );
    const endUser = standard
      ? await this.createEndUser(account, "us_a2p_messaging_profile_information", `${options.friendlyName}:a2p-profile`, a2pMessagingProfileAttributes())
      : await this.createEndUser(account, "sole_proprietor_information", `${options.friendlyName}:sole-proprietor`, soleProprietorAttributes(profile));
    const assign = (objectSid: string, what: string) =>
      this.call(`trust product assignment (${what})`, () => trustHub.trustProducts(bundle.sid).trustProductsEntityAssignments.create({ objectSid }));
    await assign(endUser, standard ? "messaging profile information" : "sole proprietor information");
    await assign(customerProfileSid, "customer profile");
    await this.evaluateAndSubmit(account, "trust product", bundle.sid, policySid);
    this.log({ accountSid: account.accountSid, trustProductSid: bundle.sid }, "texting registration: trust product submitted");
    return bundle.sid;
  }

  private async createEndUser(account: ProviderAccount, type: string, friendlyName: string, attributes: Record<string, string>): Promise<string> {
    const endUser = await this.call(`end user create (${type})`, () => this.clientOf(account).trusthub.v1.endUsers.create({ type, friendlyName, attributes }));
    return endUser.sid;
  }

  /** A3 #5-6: the address in the subaccount (parent credentials, subaccount path), then its customer_profile_address document. */
  private async createAddressDocument(account: ProviderAccount, customerName: string, profile: BusinessProfile, friendlyName: string): Promise<string> {
    const address = await this.call("address create", () =>
      this.parent.api.v2010
        .accounts(account.accountSid)
        .addresses.create({ ...addressRequest(customerName, profile), friendlyName: `${friendlyName}:address` }),
    );
    const document = await this.call("supporting document create", () =>
      this.clientOf(account).trusthub.v1.supportingDocuments.create({
        type: "customer_profile_address",
        friendlyName: `${friendlyName}:address-document`,
        attributes: { address_sids: address.sid },
      }),
    );
    return document.sid;
  }

  /** Evaluates the bundle against its policy (noncompliant: TrustHubEvaluationError), then submits it for review. */
  private async evaluateAndSubmit(account: ProviderAccount, kind: "customer profile" | "trust product", sid: string, policySid: string): Promise<void> {
    const trustHub = this.clientOf(account).trusthub.v1;
    const evaluation = await this.call<{ status: string; results: unknown }>(`${kind} evaluation`, () =>
      kind === "customer profile"
        ? trustHub.customerProfiles(sid).customerProfilesEvaluations.create({ policySid })
        : trustHub.trustProducts(sid).trustProductsEvaluations.create({ policySid }),
    );
    if (evaluation.status !== "compliant") {
      const error = new TrustHubEvaluationError({ kind, sid }, evaluationFailures(evaluation.results));
      this.log({ accountSid: account.accountSid, sid, code: error.code, failures: error.failures.length }, `texting registration: ${kind} noncompliant`);
      throw error;
    }
    await this.call<unknown>(`${kind} submit`, () =>
      kind === "customer profile"
        ? trustHub.customerProfiles(sid).update({ status: "pending-review" })
        : trustHub.trustProducts(sid).update({ status: "pending-review" }),
    );
  }

  private statusCallback(): { statusCallback?: string } {
    return this.options.trustHubStatusCallbackUrl ? { statusCallback: this.options.trustHubStatusCallbackUrl } : {};
  }

  /** The SDK client acting AS the subaccount (its own SID and token), for TrustHub and Messaging v1. */
  private clientOf(account: ProviderAccount): TrustHubClient {
    const cached = this.clients.get(account.accountSid);
    if (cached && cached.authToken === account.authToken) {
      // Most recently used last, so the oldest is the one evicted.
      this.clients.delete(account.accountSid);
      this.clients.set(account.accountSid, cached);
      return cached.client;
    }
    const client = twilio(account.accountSid, account.authToken, { httpClient: this.httpClient });
    this.clients.delete(account.accountSid);
    this.clients.set(account.accountSid, { authToken: account.authToken, client });
    if (this.clients.size > CLIENT_CACHE_SIZE) {
      const oldest = this.clients.keys().next().value;
      if (oldest !== undefined) this.clients.delete(oldest);
    }
    return client;
  }

  private async call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toTelephonyProviderError(error, action);
    }
  }

  private log(fields: Record<string, unknown>, message: string): void {
    this.options.logger?.info(fields, message);
  }
}
