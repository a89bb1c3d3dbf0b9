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

  it.each([
    ["the subaccount's own credentials", () => sub, 201],
    ["the parent's credentials", () => parent, 201],
  ])("given %s, when buying a number on the subaccount's path, then it is bought", async (_label, who, status) => {
    const number = `+1415555${String(4000 + Math.floor(Math.random() * 999)).padStart(4, "0")}`;
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
