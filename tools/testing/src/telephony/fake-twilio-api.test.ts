import type { StandardBusinessProfile } from "@rebound/providers/telephony";
import { TwilioTextingRegistrationProvider } from "@rebound/twilio";
import { startFakeTwilioApi, TRUST_HUB_POLICY, type FakeTwilioApi } from "./fake-twilio-api";

/** Raw HTTP against the fake, as Twilio's REST API is called (form bodies, Basic auth). */
async function call(
  fake: FakeTwilioApi,
  method: string,
  path: string,
  credentials: { sid: string; token: string },
  form?: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form ?? {})) for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${credentials.sid}:${credentials.token}`).toString("base64")}`, ...headers },
    ...(form ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe("the fake Twilio API: accounts, credentials and registration resources", () => {
  let fake: FakeTwilioApi;
  let parent: { sid: string; token: string };
  let sub: { sid: string; token: string };

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ statusCallbacks: false });
    parent = { sid: fake.accountSid, token: fake.authToken };
    const created = await call(fake, "POST", "/2010-04-01/Accounts.json", parent, { FriendlyName: "biz" });
    sub = { sid: String(created.body.sid), token: String(created.body.auth_token) };
  });
  afterAll(() => fake.close());

  it("given the parent, when creating a subaccount, then Twilio's account JSON with its own token, owned by the parent", async () => {
    const created = await call(fake, "POST", "/2010-04-01/Accounts.json", parent, {});

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sid: expect.stringMatching(/^AC[0-9a-f]{32}$/),
      auth_token: expect.stringMatching(/^[0-9a-f]{32}$/),
      owner_account_sid: parent.sid,
      status: "active",
    });
  });

  it("given a subaccount, when it tries to create a subaccount, then 403", async () => {
    expect((await call(fake, "POST", "/2010-04-01/Accounts.json", sub, {})).status).toBe(403);
  });

  // A number each: two random picks once drew the same one, and the second purchase was refused as taken.
  it.each([
    ["the subaccount's own credentials", () => sub, "+14155554001", 201],
    ["the parent's credentials", () => parent, "+14155554002", 201],
  ])("given %s, when buying a number on the subaccount's path, then it is bought", async (_label, who, number, status) => {
    expect((await call(fake, "POST", `/2010-04-01/Accounts/${sub.sid}/IncomingPhoneNumbers.json`, who(), { PhoneNumber: number })).status).toBe(status);
  });

  it("given another subaccount's credentials, when using the subaccount's path, then 401 20003", async () => {
    const created = await call(fake, "POST", "/2010-04-01/Accounts.json", parent, {});
    const other = { sid: String(created.body.sid), token: String(created.body.auth_token) };

    const refused = await call(fake, "GET", `/2010-04-01/Accounts/${sub.sid}/Messages.json`, other);

    expect(refused).toEqual({
      status: 401,
      body: { code: 20003, message: "Authenticate", more_info: "https://www.twilio.com/docs/errors/20003", status: 401 },
    });
  });

  it("given a required parameter left out, then 400 in Twilio's error shape, code 20001", async () => {
    const refused = await call(fake, "POST", "/v1/CustomerProfiles", sub, { FriendlyName: "x", Email: "ops@rebound.example" });

    expect(refused).toEqual({
      status: 400,
      body: {
        code: 20001,
        message: "Missing required parameter PolicySid in the post body",
        more_info: "https://www.twilio.com/docs/errors/20001",
        status: 400,
      },
    });
  });

  it("given a trust product with only its end user, when evaluated, then noncompliant with the missing customer profile; with it, compliant", async () => {
    const product = await call(fake, "POST", "/v1/TrustProducts", sub, {
      FriendlyName: "tp",
      Email: "ops@rebound.example",
      PolicySid: TRUST_HUB_POLICY.a2pMessagingProfile,
    });
    const endUser = await call(fake, "POST", "/v1/EndUsers", sub, {
      FriendlyName: "a2p",
      Type: "us_a2p_messaging_profile_information",
      Attributes: JSON.stringify({ company_type: "private" }),
    });
    const bundle = `/v1/TrustProducts/${String(product.body.sid)}`;
    await call(fake, "POST", `${bundle}/EntityAssignments`, sub, { ObjectSid: String(endUser.body.sid) });

    const first = await call(fake, "POST", `${bundle}/Evaluations`, sub, { PolicySid: TRUST_HUB_POLICY.a2pMessagingProfile });

    expect(first.body).toMatchObject({ sid: expect.stringMatching(/^EL/), status: "noncompliant", trust_product_sid: product.body.sid });
    expect(first.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ requirement_name: "customer_profile", passed: false, error_code: 22214 }),
        expect.objectContaining({ requirement_name: "us_a2p_messaging_profile_information", passed: true }),
      ]),
    );

    const profile = await call(fake, "POST", "/v1/CustomerProfiles", sub, {
      FriendlyName: "cp",
      Email: "ops@rebound.example",
      PolicySid: TRUST_HUB_POLICY.secondaryCustomerProfile,
    });
    await call(fake, "POST", `${bundle}/EntityAssignments`, sub, { ObjectSid: String(profile.body.sid) });
    const second = await call(fake, "POST", `${bundle}/Evaluations`, sub, { PolicySid: TRUST_HUB_POLICY.a2pMessagingProfile });

    expect(second.body.status).toBe("compliant");
  });

  it("given the parent's credentials, when assigning to the subaccount's bundle, then 404: TrustHub resources belong to the subaccount", async () => {
    const profile = await call(fake, "POST", "/v1/CustomerProfiles", sub, {
      FriendlyName: "cp",
      Email: "ops@rebound.example",
      PolicySid: TRUST_HUB_POLICY.starterCustomerProfile,
    });

    const refused = await call(fake, "POST", `/v1/CustomerProfiles/${String(profile.body.sid)}/EntityAssignments`, parent, {
      ObjectSid: fake.primaryCustomerProfileSid,
    });

    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(20404);
  });

  it("given a campaign, then the privacy and terms URLs are answered only with X-Twilio-Api-Version v1.2", async () => {
    const service = await call(fake, "POST", "/v1/Services", sub, { FriendlyName: "svc" });
    const brand = fake.registration.store.create(
      "brand_registration",
      "BN",
      sub.sid,
      { brand_type: "STANDARD", status: "APPROVED", identity_status: "VERIFIED" },
      (sid) => sid,
    );
    const form = {
      BrandRegistrationSid: brand.sid,
      Description: "d",
      MessageFlow: "f",
      MessageSamples: ["one", "two"],
      UsAppToPersonUsecase: "LOW_VOLUME",
      HasEmbeddedLinks: "false",
      HasEmbeddedPhone: "false",
      PrivacyPolicyUrl: "https://rebound.example/privacy",
    };

    const created = await call(fake, "POST", `/v1/Services/${String(service.body.sid)}/Compliance/Usa2p`, sub, form, { "x-twilio-api-version": "v1.2" });
    const older = await call(fake, "GET", `/v1/Services/${String(service.body.sid)}/Compliance/Usa2p/${String(created.body.sid)}`, sub);

    expect(created.body).toMatchObject({
      sid: expect.stringMatching(/^QE/),
      campaign_status: "IN_PROGRESS",
      message_samples: ["one", "two"],
      privacy_policy_url: "https://rebound.example/privacy",
    });
    expect(older.body).not.toHaveProperty("privacy_policy_url");
    expect(fake.resource(String(service.body.sid))).toMatchObject({ us_app_to_person_registered: true });
  });

  it("records each request with the Basic-auth user and never the token", () => {
    expect(fake.requests.length).toBeGreaterThan(5);
    expect(JSON.stringify(fake.requests)).not.toContain(sub.token);
    expect(JSON.stringify(fake.requests)).not.toContain(parent.token);
  });
});

describe("the fake Twilio API reviewing texting registrations on its own (registrationReviewMs)", () => {
  /**
   * Long enough that the bundles are still in review when submitBusinessProfile's several requests have
   * returned, on a busy machine too (40 ms once was not, in CI beside other suites).
   */
  const REVIEW_MS = 400;
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
  const OPTIONS = { friendlyName: "rebound:biz:1:business_profile", notificationEmail: "compliance@rebound.example" };
  let fake: FakeTwilioApi;
  let provider: TwilioTextingRegistrationProvider;

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ statusCallbacks: false, registrationReviewMs: REVIEW_MS });
    provider = new TwilioTextingRegistrationProvider({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      primaryCustomerProfileSid: fake.primaryCustomerProfileSid,
      timeoutMs: 2_000,
      apiBaseUrl: fake.url,
      registrationRequestIntervalMs: 0,
    });
  });
  afterAll(async () => {
    await provider.close();
    await fake.close();
  });

  const statusOf = (sid: string) => fake.resource(sid)?.status;
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (const deadline = Date.now() + 10_000; ;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it("given a standard registration, then the bundles become twilio-approved, then the brand APPROVED and VERIFIED, then the campaign VERIFIED", async () => {
    const account = await provider.createSubaccount("biz");
    const profile = await provider.submitBusinessProfile(account, STANDARD, OPTIONS);
    expect([statusOf(profile.customerProfileSid), statusOf(profile.trustProductSid)]).toEqual(["pending-review", "pending-review"]);

    const created = await provider.createBrand(account, { kind: "standard", profile });
    expect(created.status).toBe("PENDING");
    const brand = await until(
      () => provider.fetchBrand(account, created.sid),
      (seen) => seen.status !== "PENDING",
    );

    expect(brand).toMatchObject({ status: "APPROVED", identityStatus: "VERIFIED" });
    expect([statusOf(profile.customerProfileSid), statusOf(profile.trustProductSid)]).toEqual(["twilio-approved", "twilio-approved"]);

    const service = await provider.createMessagingService(account, {
      friendlyName: "rebound:biz",
      inboundRequestUrl: "https://rebound.example/webhooks/twilio/sms",
      statusCallbackUrl: "https://rebound.example/webhooks/twilio/status",
    });
    const submitted = await provider.createCampaign(account, {
      messagingServiceSid: service.sid,
      brandSid: brand.sid,
      usecase: "LOW_VOLUME",
      description: "Acme Plumbing texts callers whose phone call it missed, once per missed call.",
      messageFlow: "A caller phones Acme Plumbing; when the call is missed, the caller gets one text.",
      messageSamples: ["Acme Plumbing: sorry we missed your call! Reply STOP to opt out.", "Acme Plumbing: we'll call you back. Reply STOP to opt out."],
      hasEmbeddedLinks: false,
      hasEmbeddedPhone: false,
      optOutKeywords: ["STOP"],
      optOutMessage: "You are unsubscribed from Acme Plumbing texts. No more messages will be sent.",
      helpKeywords: ["HELP"],
      helpMessage: "Acme Plumbing missed-call texts. Reply STOP to opt out. Msg & data rates may apply.",
      privacyPolicyUrl: "https://rebound.example/texting/biz#privacy",
      termsAndConditionsUrl: "https://rebound.example/texting/biz#terms",
    });
    expect(submitted.campaignStatus).toBe("IN_PROGRESS");
    const campaign = await until(
      () => provider.fetchCampaign(account, service.sid, submitted.sid),
      (seen) => seen.campaignStatus !== "IN_PROGRESS",
    );

    expect(campaign.campaignStatus).toBe("VERIFIED");
    expect(fake.resource(campaign.sid)?.campaign_id).toEqual(expect.stringMatching(/^C[0-9A-F]{6}$/));
  });

  it("given a customer profile rejected in review, then its trust product and its brand are never approved", async () => {
    const account = await provider.createSubaccount("rejected");
    const profile = await provider.submitBusinessProfile(account, STANDARD, OPTIONS);
    fake.setBundleStatus(profile.customerProfileSid, "twilio-rejected");
    const brand = await provider.createBrand(account, { kind: "standard", profile });

    await new Promise((resolve) => setTimeout(resolve, REVIEW_MS * 4));

    expect([statusOf(profile.trustProductSid), statusOf(brand.sid)]).toEqual(["pending-review", "PENDING"]);
  });
});
