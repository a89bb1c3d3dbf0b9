// Test support: a small in-memory TextingRegistrationProvider whose statuses the tests move, and a
// TelephonyProvider that records the account each number is bought and released in.
import {
  TelephonyProviderError,
  type AccountScope,
  type AvailableNumber,
  type LineType,
  type NumberWebhooks,
  type PurchasedNumber,
  type SendSmsRequest,
  type SendSmsResult,
  type TelephonyProvider,
} from "@rebound/providers/telephony";
import type {
  BrandSnapshot,
  BusinessProfile,
  CampaignRequest,
  CampaignSnapshot,
  ProviderAccount,
  SubmittedProfile,
  TextingRegistrationProvider,
} from "@rebound/providers/telephony";

type Method = keyof TextingRegistrationProvider;

export class FakeRegistrationProvider implements TextingRegistrationProvider {
  readonly accounts = new Map<string, ProviderAccount & { friendlyName: string }>();
  readonly profiles: { account: string; profile: BusinessProfile; friendlyName: string; notificationEmail: string }[] = [];
  readonly brands = new Map<string, BrandSnapshot & { account: string; kind: string }>();
  readonly services: { sid: string; account: string; friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string }[] = [];
  readonly serviceNumbers: { account: string; messagingServiceSid: string; phoneNumberSid: string }[] = [];
  readonly campaigns = new Map<string, CampaignSnapshot & { account: string; request: CampaignRequest }>();
  readonly resends: string[] = [];
  readonly calls: Method[] = [];
  /** The next call of a method fails with this error (once). */
  readonly failures = new Map<Method, Error>();
  private next = 0;

  private sid(prefix: string): string {
    this.next += 1;
    return `${prefix}${String(this.next).padStart(32, "0")}`;
  }

  private enter(method: Method, account?: ProviderAccount): void {
    this.calls.push(method);
    const failure = this.failures.get(method);
    if (failure) {
      this.failures.delete(method);
      throw failure;
    }
    if (account && this.accounts.get(account.accountSid)?.authToken !== account.authToken) {
      throw new TelephonyProviderError("Authenticate", { code: "20003", httpStatus: 401, retryable: false });
    }
  }

  /** The subaccount created for a business (friendly name rebound:{businessId}). */
  accountOf(businessId: string): ProviderAccount & { friendlyName: string } {
    const account = [...this.accounts.values()].find((entry) => entry.friendlyName === `rebound:${businessId}`);
    if (!account) throw new Error(`no subaccount for ${businessId}`);
    return account;
  }

  /** The latest brand of a business. */
  brandOf(businessId: string): BrandSnapshot & { account: string; kind: string } {
    const { accountSid } = this.accountOf(businessId);
    const brand = [...this.brands.values()].filter((entry) => entry.account === accountSid).at(-1);
    if (!brand) throw new Error(`no brand yet for ${businessId}`);
    return brand;
  }

  campaignOf(businessId: string): CampaignSnapshot & { account: string; request: CampaignRequest } {
    const { accountSid } = this.accountOf(businessId);
    const campaign = [...this.campaigns.values()].filter((entry) => entry.account === accountSid).at(-1);
    if (!campaign) throw new Error(`no campaign yet for ${businessId}`);
    return campaign;
  }

  profileOf(businessId: string): BusinessProfile | undefined {
    const { accountSid } = this.accountOf(businessId);
    return this.profiles.filter((entry) => entry.account === accountSid).at(-1)?.profile;
  }

  serviceOf(businessId: string): (typeof this.services)[number] | undefined {
    const { accountSid } = this.accountOf(businessId);
    return this.services.filter((entry) => entry.account === accountSid).at(-1);
  }

  /** Moves a business's latest brand (what TCR would do). */
  setBrand(businessId: string, patch: Partial<BrandSnapshot>): void {
    Object.assign(this.brandOf(businessId), patch);
  }

  setCampaign(businessId: string, patch: Partial<CampaignSnapshot>): void {
    Object.assign(this.campaignOf(businessId), patch);
  }

  async createSubaccount(friendlyName: string): Promise<ProviderAccount> {
    this.enter("createSubaccount");
    const account = { accountSid: this.sid("AC"), authToken: `token-${this.next}`, friendlyName };
    this.accounts.set(account.accountSid, account);
    return { accountSid: account.accountSid, authToken: account.authToken };
  }

  async submitBusinessProfile(
    account: ProviderAccount,
    profile: BusinessProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<SubmittedProfile> {
    this.enter("submitBusinessProfile", account);
    this.profiles.push({ account: account.accountSid, profile, ...options });
    return { customerProfileSid: this.sid("BU"), trustProductSid: this.sid("BU") };
  }

  async createBrand(account: ProviderAccount, request: { kind: BusinessProfile["kind"]; profile: SubmittedProfile }): Promise<BrandSnapshot> {
    this.enter("createBrand", account);
    const brand = {
      sid: this.sid("BN"),
      status: "PENDING",
      identityStatus: "UNVERIFIED",
      brandType: request.kind === "sole_proprietor" ? "SOLE_PROPRIETOR" : "STANDARD",
      errors: [],
      account: account.accountSid,
      kind: request.kind,
    };
    this.brands.set(brand.sid, brand);
    return { ...brand };
  }

  async fetchBrand(account: ProviderAccount, brandSid: string): Promise<BrandSnapshot> {
    this.enter("fetchBrand", account);
    const brand = this.brands.get(brandSid);
    if (!brand || brand.account !== account.accountSid) throw new TelephonyProviderError("not found", { code: "20404", httpStatus: 404, retryable: false });
    return { sid: brand.sid, status: brand.status, identityStatus: brand.identityStatus, brandType: brand.brandType, errors: [...brand.errors] };
  }

  async resendBrandVerification(account: ProviderAccount, brandSid: string): Promise<void> {
    this.enter("resendBrandVerification", account);
    this.resends.push(brandSid);
  }

  async createMessagingService(
    account: ProviderAccount,
    request: { friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string },
  ): Promise<{ sid: string }> {
    this.enter("createMessagingService", account);
    const service = { sid: this.sid("MG"), account: account.accountSid, ...request };
    this.services.push(service);
    return { sid: service.sid };
  }

  async createCampaign(account: ProviderAccount, request: CampaignRequest): Promise<CampaignSnapshot> {
    this.enter("createCampaign", account);
    const campaign = { sid: this.sid("QE"), campaignStatus: "IN_PROGRESS", errors: [], account: account.accountSid, request };
    this.campaigns.set(campaign.sid, campaign);
    return { sid: campaign.sid, campaignStatus: campaign.campaignStatus, errors: [] };
  }

  async fetchCampaign(account: ProviderAccount, _messagingServiceSid: string, campaignSid: string): Promise<CampaignSnapshot> {
    this.enter("fetchCampaign", account);
    const campaign = this.campaigns.get(campaignSid);
    if (!campaign) throw new TelephonyProviderError("not found", { code: "20404", httpStatus: 404, retryable: false });
    return { sid: campaign.sid, campaignStatus: campaign.campaignStatus, errors: [...campaign.errors] };
  }

  async addNumberToService(account: ProviderAccount, messagingServiceSid: string, phoneNumberSid: string): Promise<void> {
    this.enter("addNumberToService", account);
    this.serviceNumbers.push({ account: account.accountSid, messagingServiceSid, phoneNumberSid });
  }
}

/** Numbers only: what each purchase and release was scoped to. */
export class RecordingTelephony implements TelephonyProvider {
  readonly kind = "simulator" as const;
  readonly purchases: { phoneNumber: string; sid: string; scope?: AccountScope }[] = [];
  readonly releases: { sid: string; scope?: AccountScope }[] = [];
  private next = 0;

  async searchLocalNumbers(areaCode: string): Promise<AvailableNumber[]> {
    return [{ phoneNumber: `+1${areaCode}5550100`, locality: "Somewhere", region: "NY", capabilities: { voice: true, sms: true, mms: false } }];
  }

  async purchaseNumber(phoneNumber: string, _webhooks: NumberWebhooks, scope?: AccountScope): Promise<PurchasedNumber> {
    this.next += 1;
    const sid = `PN${String(this.next).padStart(32, "0")}`;
    this.purchases.push({ phoneNumber, sid, scope });
    return { sid, phoneNumber };
  }

  async releaseNumber(sid: string, scope?: AccountScope): Promise<void> {
    this.releases.push({ sid, scope });
  }

  async sendSms(_request: SendSmsRequest): Promise<SendSmsResult> {
    throw new Error("telephony does not send texts");
  }

  async findSentMessage(): Promise<SendSmsResult | undefined> {
    return undefined;
  }

  async placeTestCall(): Promise<{ sid: string }> {
    return { sid: "CA0" };
  }

  async lookupLineType(): Promise<LineType | undefined> {
    return undefined;
  }
}
