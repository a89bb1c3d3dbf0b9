import { BRAND_BUNDLE_FAILURES, startFakeTwilioApi, TRUST_HUB_POLICY, type FakeTwilioApi, type FakeTwilioRequest } from "@rebound/testing/telephony";
import {
  TelephonyProviderError,
  type CampaignRequest,
  type ProviderAccount,
  type SoleProprietorProfile,
  type StandardBusinessProfile,
} from "@rebound/providers/telephony";
import { TwilioTelephonyProvider } from "../twilio-provider";
import { TrustHubEvaluationError } from "./evaluation-error";
import { TwilioTextingRegistrationProvider } from "./twilio-texting-registration-provider";

const TRUST_HUB_CALLBACK = "https://rebound.example/webhooks/twilio/trust-hub";
const NOTIFICATION_EMAIL = "compliance@rebound.example";
const WEBHOOKS = {
  voiceUrl: "https://rebound.example/webhooks/twilio/voice",
  smsUrl: "https://rebound.example/webhooks/twilio/sms",
  statusCallbackUrl: "https://rebound.example/webhooks/twilio/call-status",
};

const STANDARD: StandardBusinessProfile = {
  kind: "standard",
  legalName: "Acme Plumbing LLC",
  ein: "123456789",
  businessType: "Limited Liability Corporation",
  industry: "CONSTRUCTION",
  website: "https://acmeplumbing.example",
  contactFirstName: "Ada",
  contactLastName: "Lovelace",
  contactEmail: "ada@acmeplumbing.example",
  contactPhone: "+14155550123",
  street: "1 Main St",
  city: "San Francisco",
  region: "CA",
  postalCode: "94105",
  country: "US",
};

const SOLE_PROPRIETOR: SoleProprietorProfile = {
  kind: "sole_proprietor",
  firstName: "Sam",
  lastName: "Rivera",
  email: "sam@example.com",
  mobilePhone: "+14155550177",
  brandName: "Sam's Lawn Care",
  street: "9 Elm St",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
  country: "US",
};

function campaignRequest(messagingServiceSid: string, brandSid: string, usecase: string): CampaignRequest {
  return {
    messagingServiceSid,
    brandSid,
    usecase,
    description: "Acme Plumbing texts callers whose phone call it missed, once per missed call, so they can reply or call back.",
    messageFlow: "A caller phones Acme Plumbing; when the call is missed, the caller gets one text. Details: https://rebound.example/texting/biz-1",
    messageSamples: [
      "Acme Plumbing: sorry we missed your call! Reply here or call back. Reply STOP to opt out.",
      "Acme Plumbing: we're closed now, we'll call you back tomorrow. Reply STOP to opt out.",
    ],
    hasEmbeddedLinks: false,
    hasEmbeddedPhone: false,
    optOutKeywords: ["STOP", "UNSUBSCRIBE"],
    optOutMessage: "You are unsubscribed from Acme Plumbing texts. No more messages will be sent.",
    helpKeywords: ["HELP", "INFO"],
    helpMessage: "Acme Plumbing missed-call texts. Reply STOP to opt out. Msg & data rates may apply.",
    privacyPolicyUrl: "https://rebound.example/texting/biz-1#privacy",
    termsAndConditionsUrl: "https://rebound.example/texting/biz-1#terms",
  };
}

describe("TwilioTextingRegistrationProvider against the fake Twilio API (the ISV flow on subaccounts)", () => {
  let fake: FakeTwilioApi;
  let provider: TwilioTextingRegistrationProvider;
  let telephony: TwilioTelephonyProvider;
  const logged: unknown[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ statusCallbacks: false });
    provider = new TwilioTextingRegistrationProvider({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      primaryCustomerProfileSid: fake.primaryCustomerProfileSid,
      timeoutMs: 2_000,
      apiBaseUrl: fake.url,
      trustHubStatusCallbackUrl: TRUST_HUB_CALLBACK,
      registrationRequestIntervalMs: 100,
      logger: { info: (fields, message) => logged.push({ fields, message }) },
    });
    telephony = new TwilioTelephonyProvider({ accountSid: fake.accountSid, authToken: fake.authToken, timeoutMs: 2_000, apiBaseUrl: fake.url });
  });

  afterAll(async () => {
    await provider.close();
    await telephony.close();
    await fake.close();
  });

  /** The requests since `from`, as "METHOD path as user" with known SIDs named and other SIDs reduced to their prefix. */
  function describeRequests(from: number, names: Record<string, string>): string[] {
    const label = (text: string) =>
      text.replace(/\b(AC|BU|IT|RD|AD|BN|MG|QE|PN|EL|BV)[0-9a-f]{32}\b/g, (sid: string, prefix: string) => names[sid] ?? `{${prefix}}`);
    return fake.requests.slice(from).map((request: FakeTwilioRequest) => `${request.method} ${label(request.path)} as ${label(request.user)}`);
  }

  function attributesOf(request: FakeTwilioRequest | undefined): unknown {
    return JSON.parse(String(request?.params.Attributes));
  }

  describe("a standard business (EIN), low-volume standard brand", () => {
    let account: ProviderAccount;
    let customerProfileSid: string;
    let trustProductSid: string;
    let brandSid: string;
    let messagingServiceSid: string;

    it("given our parent credentials, when creating the business's subaccount, then its own SID and token", async () => {
      const from = fake.requests.length;

      account = await provider.createSubaccount("rebound:biz-1");

      expect(account).toEqual({ accountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/), authToken: expect.any(String) });
      expect(fake.account(account.accountSid)).toMatchObject({ ownerAccountSid: fake.accountSid, friendlyName: "rebound:biz-1" });
      expect(fake.account(account.accountSid)?.authToken).toBe(account.authToken);
      expect(describeRequests(from, { [fake.accountSid]: "parent" })).toEqual(["POST /2010-04-01/Accounts.json as parent"]);
      expect(fake.requests[from]?.params).toEqual({ FriendlyName: "rebound:biz-1" });
    });

    it("when submitting the profile, then A3 #1-13 in order, TrustHub as the subaccount and the address as the parent on the subaccount's path", async () => {
      const from = fake.requests.length;

      const submitted = await provider.submitBusinessProfile(account, STANDARD, { friendlyName: "rebound:biz-1:1", notificationEmail: NOTIFICATION_EMAIL });

      customerProfileSid = submitted.customerProfileSid;
      trustProductSid = submitted.trustProductSid;
      expect(submitted).toEqual({ customerProfileSid: expect.stringMatching(/^BU[0-9a-f]{32}$/), trustProductSid: expect.stringMatching(/^BU[0-9a-f]{32}$/) });
      const names = {
        [account.accountSid]: "sub",
        [fake.accountSid]: "parent",
        [customerProfileSid]: "{profile}",
        [trustProductSid]: "{trustProduct}",
      };
      expect(describeRequests(from, names)).toEqual([
        "POST /v1/CustomerProfiles as sub",
        "POST /v1/EndUsers as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /v1/EndUsers as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /2010-04-01/Accounts/sub/Addresses.json as parent",
        "POST /v1/SupportingDocuments as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /v1/CustomerProfiles/{profile}/Evaluations as sub",
        "POST /v1/CustomerProfiles/{profile} as sub",
        "POST /v1/TrustProducts as sub",
        "POST /v1/EndUsers as sub",
        "POST /v1/TrustProducts/{trustProduct}/EntityAssignments as sub",
        "POST /v1/TrustProducts/{trustProduct}/EntityAssignments as sub",
        "POST /v1/TrustProducts/{trustProduct}/Evaluations as sub",
        "POST /v1/TrustProducts/{trustProduct} as sub",
      ]);
      const calls = fake.requests.slice(from);
      expect(calls[0]?.params).toEqual({
        PolicySid: "RNdfbf3fae0e1107f8aded0e7cead80bf5",
        FriendlyName: "rebound:biz-1:1:customer-profile",
        Email: NOTIFICATION_EMAIL,
        StatusCallback: TRUST_HUB_CALLBACK,
      });
      expect(calls[1]?.params).toMatchObject({ Type: "customer_profile_business_information", FriendlyName: "rebound:biz-1:1:business-information" });
      expect(attributesOf(calls[1])).toEqual({
        business_name: "Acme Plumbing LLC",
        business_identity: "direct_customer",
        business_type: "Limited Liability Corporation",
        business_industry: "CONSTRUCTION",
        business_registration_identifier: "EIN",
        business_registration_number: "123456789",
        business_regions_of_operation: "USA_AND_CANADA",
        website_url: "https://acmeplumbing.example",
      });
      expect(calls[3]?.params).toMatchObject({ Type: "authorized_representative_1" });
      expect(attributesOf(calls[3])).toEqual({
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@acmeplumbing.example",
        phone_number: "+14155550123",
        business_title: "Owner",
        job_position: "CEO",
      });
      expect(calls[5]?.params).toEqual({
        CustomerName: "Acme Plumbing LLC",
        Street: "1 Main St",
        City: "San Francisco",
        Region: "CA",
        PostalCode: "94105",
        IsoCountry: "US",
        FriendlyName: "rebound:biz-1:1:address",
      });
      const addressSid = fake.registration.store.all("address", (address) => address.accountSid === account.accountSid)[0]?.sid;
      expect(addressSid).toMatch(/^AD/);
      expect(calls[6]?.params).toMatchObject({ Type: "customer_profile_address", FriendlyName: "rebound:biz-1:1:address-document" });
      expect(attributesOf(calls[6])).toEqual({ address_sids: addressSid });
      const assigned = [calls[2], calls[4], calls[7], calls[8]].map((call) => String(call?.params.ObjectSid));
      expect(assigned.map((sid) => sid.slice(0, 2))).toEqual(["IT", "IT", "RD", "BU"]);
      expect(assigned[3]).toBe(fake.primaryCustomerProfileSid);
      expect(calls[9]?.params).toEqual({ PolicySid: "RNdfbf3fae0e1107f8aded0e7cead80bf5" });
      expect(calls[10]?.params).toEqual({ Status: "pending-review" });
      expect(calls[11]?.params).toEqual({
        PolicySid: "RNb0d4771c2c98518d916a3d4cd70a8f8b",
        FriendlyName: "rebound:biz-1:1:a2p-trust-product",
        Email: NOTIFICATION_EMAIL,
        StatusCallback: TRUST_HUB_CALLBACK,
      });
      expect(calls[12]?.params).toMatchObject({ Type: "us_a2p_messaging_profile_information" });
      expect(attributesOf(calls[12])).toEqual({ company_type: "private" });
      expect(String(calls[13]?.params.ObjectSid)).toMatch(/^IT/);
      expect(calls[14]?.params).toEqual({ ObjectSid: customerProfileSid });
      expect(calls[15]?.params).toEqual({ PolicySid: "RNb0d4771c2c98518d916a3d4cd70a8f8b" });
      expect(calls[16]?.params).toEqual({ Status: "pending-review" });
      expect(fake.resource(customerProfileSid)).toMatchObject({ status: "pending-review", account_sid: account.accountSid });
      expect(fake.resource(trustProductSid)).toMatchObject({ status: "pending-review", policy_sid: TRUST_HUB_POLICY.a2pMessagingProfile });
    });

    it("when registering the brand, then STANDARD with secondary vetting skipped (low-volume standard), as the subaccount, and its snapshot", async () => {
      const from = fake.requests.length;

      const brand = await provider.createBrand(account, { kind: "standard", profile: { customerProfileSid, trustProductSid } });

      brandSid = brand.sid;
      expect(brand).toEqual({ sid: expect.stringMatching(/^BN[0-9a-f]{32}$/), status: "PENDING", identityStatus: "", brandType: "STANDARD", errors: [] });
      expect(describeRequests(from, { [account.accountSid]: "sub" })).toEqual(["POST /v1/a2p/BrandRegistrations as sub"]);
      expect(fake.requests[from]?.params).toEqual({
        CustomerProfileBundleSid: customerProfileSid,
        A2PProfileBundleSid: trustProductSid,
        BrandType: "STANDARD",
        SkipAutomaticSecVet: "true",
      });
    });

    it("given TCR approved it, when fetching the brand, then APPROVED and VERIFIED", async () => {
      fake.setBrandStatus(brandSid, "APPROVED", "VERIFIED");

      await expect(provider.fetchBrand(account, brandSid)).resolves.toEqual({
        sid: brandSid,
        status: "APPROVED",
        identityStatus: "VERIFIED",
        brandType: "STANDARD",
        errors: [],
      });
    });

    it("given the parent's credentials instead of the subaccount's, when fetching the brand, then Twilio's 20404: registration resources live in the subaccount", async () => {
      const asParent = { accountSid: fake.accountSid, authToken: fake.authToken };

      await expect(provider.fetchBrand(asParent, brandSid)).rejects.toMatchObject({ code: "20404", retryable: false });
    });

    it("when creating the messaging service, then inbound texts and delivery callbacks to our webhooks, not the number's", async () => {
      const from = fake.requests.length;

      const service = await provider.createMessagingService(account, {
        friendlyName: "rebound:biz-1:1:messaging-service",
        inboundRequestUrl: "https://rebound.example/webhooks/twilio/sms",
        statusCallbackUrl: "https://rebound.example/webhooks/twilio/status",
      });

      messagingServiceSid = service.sid;
      expect(service.sid).toMatch(/^MG[0-9a-f]{32}$/);
      expect(describeRequests(from, { [account.accountSid]: "sub" })).toEqual(["POST /v1/Services as sub"]);
      expect(fake.requests[from]?.params).toEqual({
        FriendlyName: "rebound:biz-1:1:messaging-service",
        InboundRequestUrl: "https://rebound.example/webhooks/twilio/sms",
        InboundMethod: "POST",
        StatusCallback: "https://rebound.example/webhooks/twilio/status",
        UseInboundWebhookOnNumber: "false",
      });
    });

    it("given the business's number bought in its subaccount, when adding it to the service, then PhoneNumberSid as the subaccount", async () => {
      const number = await telephony.purchaseNumber("+14155552000", WEBHOOKS, { accountSid: account.accountSid });
      const from = fake.requests.length;

      await provider.addNumberToService(account, messagingServiceSid, number.sid);

      expect(describeRequests(from, { [account.accountSid]: "sub", [messagingServiceSid]: "{service}" })).toEqual([
        "POST /v1/Services/{service}/PhoneNumbers as sub",
      ]);
      expect(fake.requests[from]?.params).toEqual({ PhoneNumberSid: number.sid });
      expect(fake.registration.servicePhoneNumbers(messagingServiceSid)).toEqual(["+14155552000"]);
    });

    it("when submitting the campaign, then every field under Twilio's name, with X-Twilio-Api-Version v1.2, and the snapshot", async () => {
      const from = fake.requests.length;
      const request = campaignRequest(messagingServiceSid, brandSid, "LOW_VOLUME");

      const campaign = await provider.createCampaign(account, request);

      expect(campaign).toEqual({ sid: expect.stringMatching(/^QE[0-9a-f]{32}$/), campaignStatus: "IN_PROGRESS", errors: [] });
      expect(describeRequests(from, { [account.accountSid]: "sub", [messagingServiceSid]: "{service}" })).toEqual([
        "POST /v1/Services/{service}/Compliance/Usa2p as sub",
      ]);
      const call = fake.requests[from];
      expect(call?.apiVersion).toBe("v1.2");
      expect(call?.params).toEqual({
        BrandRegistrationSid: brandSid,
        UsAppToPersonUsecase: "LOW_VOLUME",
        Description: request.description,
        MessageFlow: request.messageFlow,
        MessageSamples: request.messageSamples,
        HasEmbeddedLinks: "false",
        HasEmbeddedPhone: "false",
        OptOutKeywords: ["STOP", "UNSUBSCRIBE"],
        OptOutMessage: request.optOutMessage,
        HelpKeywords: ["HELP", "INFO"],
        HelpMessage: request.helpMessage,
        PrivacyPolicyUrl: request.privacyPolicyUrl,
        TermsAndConditionsUrl: request.termsAndConditionsUrl,
      });
      expect(fake.resource(campaign.sid)).toMatchObject({
        privacy_policy_url: request.privacyPolicyUrl,
        terms_and_conditions_url: request.termsAndConditionsUrl,
        message_samples: request.messageSamples,
      });

      fake.setCampaignStatus(campaign.sid, "VERIFIED");
      const fetchedFrom = fake.requests.length;
      await expect(provider.fetchCampaign(account, messagingServiceSid, campaign.sid)).resolves.toEqual({
        sid: campaign.sid,
        campaignStatus: "VERIFIED",
        errors: [],
      });
      expect(fake.requests[fetchedFrom]).toMatchObject({ method: "GET", user: account.accountSid, apiVersion: "v1.2" });
    });

    it("given the whole flow, then every TrustHub and Messaging call used the subaccount's credentials and every 2010 call of the subaccount the parent's", () => {
      const ofSubaccount = fake.requests.filter((request) => request.accountSid === account.accountSid);
      const registration = ofSubaccount.filter((request) => request.path.startsWith("/v1/"));
      const v2010 = ofSubaccount.filter((request) => request.path.startsWith("/2010-04-01/"));

      expect(registration.length).toBeGreaterThan(15);
      expect(registration.every((request) => request.user === account.accountSid)).toBe(true);
      expect(v2010.map((request) => request.path.replace(account.accountSid, "{sub}"))).toEqual([
        "/2010-04-01/Accounts/{sub}/Addresses.json",
        "/2010-04-01/Accounts/{sub}/IncomingPhoneNumbers.json",
      ]);
      expect(v2010.every((request) => request.user === fake.accountSid)).toBe(true);
    });

    it("given the log lines of the flow, then SIDs and steps, never an auth token", () => {
      const text = JSON.stringify(logged);

      expect(text).toContain("texting registration: campaign submitted");
      expect(text).toContain(brandSid);
      expect(text).not.toContain(account.authToken);
      expect(text).not.toContain(fake.authToken);
    });
  });

  describe("a sole proprietor (no EIN): starter profile, SOLE_PROPRIETOR brand, the owner's YES", () => {
    let account: ProviderAccount;
    let brandSid: string;
    let messagingServiceSid: string;

    it("when submitting the profile, then A4's starter profile and sole-proprietor trust product, in order, as the subaccount", async () => {
      account = await provider.createSubaccount("rebound:biz-2");
      const from = fake.requests.length;

      const submitted = await provider.submitBusinessProfile(account, SOLE_PROPRIETOR, {
        friendlyName: "rebound:biz-2:1",
        notificationEmail: NOTIFICATION_EMAIL,
      });

      const names = {
        [account.accountSid]: "sub",
        [fake.accountSid]: "parent",
        [submitted.customerProfileSid]: "{profile}",
        [submitted.trustProductSid]: "{trustProduct}",
      };
      expect(describeRequests(from, names)).toEqual([
        "POST /v1/CustomerProfiles as sub",
        "POST /v1/EndUsers as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /2010-04-01/Accounts/sub/Addresses.json as parent",
        "POST /v1/SupportingDocuments as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /v1/CustomerProfiles/{profile}/EntityAssignments as sub",
        "POST /v1/CustomerProfiles/{profile}/Evaluations as sub",
        "POST /v1/CustomerProfiles/{profile} as sub",
        "POST /v1/TrustProducts as sub",
        "POST /v1/EndUsers as sub",
        "POST /v1/TrustProducts/{trustProduct}/EntityAssignments as sub",
        "POST /v1/TrustProducts/{trustProduct}/EntityAssignments as sub",
        "POST /v1/TrustProducts/{trustProduct}/Evaluations as sub",
        "POST /v1/TrustProducts/{trustProduct} as sub",
      ]);
      const calls = fake.requests.slice(from);
      expect(calls[0]?.params).toMatchObject({ PolicySid: "RN806dd6cd175f314e1f96a9727ee271f4", Email: NOTIFICATION_EMAIL });
      expect(calls[1]?.params).toMatchObject({ Type: "starter_customer_profile_information" });
      expect(attributesOf(calls[1])).toEqual({ first_name: "Sam", last_name: "Rivera", email: "sam@example.com", phone_number: "+14155550177" });
      expect(calls[3]?.params).toMatchObject({
        CustomerName: "Sam Rivera",
        Street: "9 Elm St",
        City: "Austin",
        Region: "TX",
        PostalCode: "78701",
        IsoCountry: "US",
      });
      expect(calls[6]?.params).toEqual({ ObjectSid: fake.primaryCustomerProfileSid });
      expect(calls[7]?.params).toEqual({ PolicySid: "RN806dd6cd175f314e1f96a9727ee271f4" });
      expect(calls[9]?.params).toMatchObject({ PolicySid: "RN670d5d2e282a6130ae063b234b6019c8", Email: NOTIFICATION_EMAIL });
      expect(calls[10]?.params).toMatchObject({ Type: "sole_proprietor_information" });
      expect(attributesOf(calls[10])).toEqual({ brand_name: "Sam's Lawn Care", mobile_phone_number: "+14155550177" });
      expect(calls[12]?.params).toEqual({ ObjectSid: submitted.customerProfileSid });
      expect(calls[13]?.params).toEqual({ PolicySid: "RN670d5d2e282a6130ae063b234b6019c8" });

      const brand = await provider.createBrand(account, { kind: "sole_proprietor", profile: submitted });
      brandSid = brand.sid;
      expect(brand).toMatchObject({ status: "PENDING", brandType: "SOLE_PROPRIETOR", errors: [] });
      expect(fake.requests.at(-1)?.params).toEqual({
        CustomerProfileBundleSid: submitted.customerProfileSid,
        A2PProfileBundleSid: submitted.trustProductSid,
        BrandType: "SOLE_PROPRIETOR",
      });
    });

    it("given the brand approved but the owner has not replied YES, when submitting the campaign, then Twilio's 30991 as a TelephonyProviderError", async () => {
      fake.setBrandStatus(brandSid, "APPROVED", "UNVERIFIED");
      await expect(provider.fetchBrand(account, brandSid)).resolves.toMatchObject({ status: "APPROVED", identityStatus: "UNVERIFIED" });
      messagingServiceSid = (
        await provider.createMessagingService(account, {
          friendlyName: "rebound:biz-2:1:messaging-service",
          inboundRequestUrl: "https://rebound.example/webhooks/twilio/sms",
          statusCallbackUrl: "https://rebound.example/webhooks/twilio/status",
        })
      ).sid;

      const error = await provider
        .createCampaign(account, campaignRequest(messagingServiceSid, brandSid, "SOLE_PROPRIETOR"))
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(TelephonyProviderError);
      expect(error).toMatchObject({ code: "30991", retryable: false, options: { httpStatus: 400 } });
      expect((error as Error).message).toContain("Campaign registrations under unverified brands is not allowed.");
    });

    it("when asking for a new verification text, then POST SmsOtp without parameters, as the subaccount", async () => {
      const from = fake.requests.length;

      await provider.resendBrandVerification(account, brandSid);

      expect(describeRequests(from, { [account.accountSid]: "sub", [brandSid]: "{brand}" })).toEqual(["POST /v1/a2p/BrandRegistrations/{brand}/SmsOtp as sub"]);
      expect(fake.requests[from]?.params).toEqual({});
    });

    it("given the owner replied YES (VERIFIED), when submitting the campaign, then it is accepted with the SOLE_PROPRIETOR use case", async () => {
      fake.setBrandStatus(brandSid, "APPROVED", "VERIFIED");

      const campaign = await provider.createCampaign(account, campaignRequest(messagingServiceSid, brandSid, "SOLE_PROPRIETOR"));

      expect(campaign.campaignStatus).toBe("IN_PROGRESS");
      expect(fake.requests.at(-1)?.params).toMatchObject({ UsAppToPersonUsecase: "SOLE_PROPRIETOR", BrandRegistrationSid: brandSid });
    });
  });

  describe("refusals", () => {
    let account: ProviderAccount;

    beforeAll(async () => {
      account = await provider.createSubaccount("rebound:biz-3");
    });

    it("given a business without a website, when submitting, then a readable noncompliant error from TrustHub's reasons, and the profile is not submitted", async () => {
      const from = fake.requests.length;

      const error = await provider
        .submitBusinessProfile(account, { ...STANDARD, website: "" }, { friendlyName: "rebound:biz-3:1", notificationEmail: NOTIFICATION_EMAIL })
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(TrustHubEvaluationError);
      expect(error).toBeInstanceOf(TelephonyProviderError);
      expect(error).toMatchObject({ code: "22215", retryable: false, bundle: { kind: "customer profile" } });
      expect((error as Error).message).toMatch(
        /^Twilio evaluated the customer profile BU[0-9a-f]{32} as noncompliant: Business Information \(website_url\): The Website URL is missing\./,
      );
      expect((error as TrustHubEvaluationError).failures).toEqual([
        {
          requirement: "Business Information",
          field: "website_url",
          reason: "The Website URL is missing. Please enter in a Website URL on the Business Information.",
          code: "22215",
        },
      ]);
      const after = fake.requests.slice(from);
      expect(after.at(-1)?.path).toMatch(/\/Evaluations$/);
      expect(after.some((request) => request.path.startsWith("/v1/TrustProducts"))).toBe(false);
    });

    it("given TrustHub finds the trust product noncompliant, then the error names the trust product and Twilio's code", async () => {
      fake.failNextEvaluation(
        [
          {
            friendly_name: "US A2P Messaging Profile Information",
            object_type: "end_user",
            passed: false,
            failure_reason: "The Company Type is invalid.",
            error_code: 22216,
            valid: [],
            invalid: [],
            requirement_friendly_name: "US A2P Messaging Profile Information",
            requirement_name: "us_a2p_messaging_profile_information",
          },
        ],
        "trust_product",
      );

      const submitted = provider.submitBusinessProfile(account, STANDARD, { friendlyName: "rebound:biz-3:2", notificationEmail: NOTIFICATION_EMAIL });

      await expect(submitted).rejects.toMatchObject({
        code: "22216",
        bundle: { kind: "trust product" },
        message: expect.stringContaining("US A2P Messaging Profile Information: The Company Type is invalid."),
      });
    });

    it("given bundles that were never submitted, when registering the brand, then a FAILED snapshot carrying Twilio's failure reason", async () => {
      const drafts = { customerProfileSid: `BU${"0".repeat(32)}`, trustProductSid: `BU${"1".repeat(32)}` };

      const brand = await provider.createBrand(account, { kind: "standard", profile: drafts });

      expect(brand).toMatchObject({ status: "FAILED", errors: [{ code: "", description: BRAND_BUNDLE_FAILURES.customerProfile }] });
    });

    it("given TCR's feedback on a brand and a campaign, when fetched, then each error with its code", async () => {
      const standard = await provider.submitBusinessProfile(account, STANDARD, { friendlyName: "rebound:biz-3:3", notificationEmail: NOTIFICATION_EMAIL });
      const brand = await provider.createBrand(account, { kind: "standard", profile: standard });
      const ein = { code: 30795, description: "Brand Registration Feedback: The submitted US EIN is invalid." };
      fake.setBrandStatus(brand.sid, "FAILED", "UNVERIFIED", [ein]);

      await expect(provider.fetchBrand(account, brand.sid)).resolves.toEqual({
        sid: brand.sid,
        status: "FAILED",
        identityStatus: "UNVERIFIED",
        brandType: "STANDARD",
        errors: [{ code: "30795", description: ein.description }],
      });

      fake.setBrandStatus(brand.sid, "APPROVED", "VERIFIED", []);
      const service = await provider.createMessagingService(account, {
        friendlyName: "rebound:biz-3:3:messaging-service",
        inboundRequestUrl: "https://rebound.example/webhooks/twilio/sms",
        statusCallbackUrl: "https://rebound.example/webhooks/twilio/status",
      });
      const campaign = await provider.createCampaign(account, campaignRequest(service.sid, brand.sid, "LOW_VOLUME"));
      const samples = {
        code: 30893,
        description: "Campaign vetting rejection - Inconsistency between Sample Message and Use-case",
      };
      fake.setCampaignStatus(campaign.sid, "FAILED", [samples]);

      await expect(provider.fetchCampaign(account, service.sid, campaign.sid)).resolves.toEqual({
        sid: campaign.sid,
        campaignStatus: "FAILED",
        errors: [{ code: "30893", description: samples.description }],
      });
    });

    it("given a required parameter Twilio misses, then its 400 with code 20001 as a TelephonyProviderError", async () => {
      const error = await provider
        .createMessagingService(account, {
          friendlyName: "",
          inboundRequestUrl: "https://rebound.example/sms",
          statusCallbackUrl: "https://rebound.example/status",
        })
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(TelephonyProviderError);
      expect(error).toMatchObject({ code: "20001", retryable: false, options: { httpStatus: 400 } });
      expect((error as Error).message).toContain("Missing required parameter FriendlyName in the post body");
    });

    it("given two brand registrations at once, then Twilio gets them at least the configured interval apart", async () => {
      const profile = { customerProfileSid: `BU${"2".repeat(32)}`, trustProductSid: `BU${"3".repeat(32)}` };
      const from = fake.requests.length;

      await Promise.all([provider.createBrand(account, { kind: "standard", profile }), provider.createBrand(account, { kind: "standard", profile })]);

      const [first, second] = fake.requests.slice(from).filter((request) => request.path === "/v1/a2p/BrandRegistrations");
      // Spaced when sent; arrival at the fake may shift either request by a few ms.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(80);
    });
  });

  it("given no primary customer profile SID, then the provider refuses to start", () => {
    expect(
      () => new TwilioTextingRegistrationProvider({ accountSid: fake.accountSid, authToken: fake.authToken, primaryCustomerProfileSid: "", timeoutMs: 1_000 }),
    ).toThrow(/primaryCustomerProfileSid/);
  });
});
