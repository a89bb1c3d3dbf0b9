import { telephonyV1, timestampFromDate, type EventEnvelope, type EventType } from "@rebound/contracts";
import type { TextingRegistrationView } from "@rebound/contracts/domain";
import { GATEWAY_PRINCIPAL, INTERNAL_USER_HEADER, signInternalUser } from "@rebound/platform";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { FakeClock } from "@rebound/testing";
import { advanceTextingRegistrations } from "../src/texting-registration/advance-texting-registrations.job";
import { FakeRegistrationProvider, RecordingTelephony } from "./fake-registration-provider";
import { STANDARD_REGISTRATION as STANDARD, TelephonyHarness } from "./telephony-harness";

const { TextingRegistrationStatus: Status, TextingRegistrationKind: Kind } = telephonyV1;

/** The first recorded event of `type` that matches, waiting for it. */
async function eventOf<T extends EventType>(harness: TelephonyHarness, type: T, matches: (event: EventEnvelope<T>) => boolean): Promise<EventEnvelope<T>> {
  await harness.until(() => harness.recorder.of(type).some(matches));
  return harness.recorder.of(type).find(matches)!;
}

const SOLE_PROPRIETOR = {
  kind: "sole_proprietor",
  firstName: "Sam",
  lastName: "Ortiz",
  email: "sam@example.com",
  mobilePhone: "+15125550177",
  street: "9 Elm St",
  city: "Austin",
  region: "TX",
  postalCode: "78702",
  country: "US",
};

describe("texting registration (component)", () => {
  const harness = new TelephonyHarness();
  const clock = new FakeClock("2026-11-26T12:00:00Z");
  const registration = new FakeRegistrationProvider();
  const telephony = new RecordingTelephony();
  let nextNumber = 0;

  beforeAll(async () => {
    await harness.start({}, { provider: telephony, registration, clock });
  });

  afterAll(() => harness.stop());

  const request = (userId: string, method: string, path = "/api/texting-registration", body?: unknown) =>
    fetch(`${harness.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...harness.userHeader(userId) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const view = async (userId: string) => (await (await request(userId, "GET")).json()) as TextingRegistrationView;
  const tick = () => advanceTextingRegistrations(harness.service.deps);
  const changes = (businessId: string) => harness.recorder.of("TextingRegistrationChanged").filter((event) => event.key === businessId);

  /** A business with its number (bought now, in its subaccount). */
  async function businessWithNumber(businessId: string, userId: string, options: { areaCode?: string; smsMessage?: string } = {}): Promise<string> {
    await harness.createBusiness(businessId, userId);
    if (options.smsMessage !== undefined) {
      await harness.publish("BusinessSettingsUpdated", businessId, {
        businessId,
        userId,
        settings: { smsMessage: options.smsMessage, autoReplyEnabled: true, isActive: true },
        updatedAt: timestampFromDate(new Date()),
      });
      await harness.until(async () => (await harness.service.deps.businesses.findTexts(businessId))?.smsMessage === options.smsMessage);
    }
    nextNumber += 1;
    const phoneNumber = `+1${options.areaCode ?? "512"}555${String(1000 + nextNumber)}`;
    expect((await harness.purchase(userId, phoneNumber)).status).toBe(201);
    return phoneNumber;
  }

  /** Ticks until the registration stops moving (or `times`). */
  async function ticks(times: number): Promise<void> {
    for (let i = 0; i < times; i++) await tick();
  }

  it("given no registration, when the owner reads it, then not_started with the fees the plan includes", async () => {
    await harness.createBusiness("biz-none", "user-none");
    const response = await request("user-none", "GET");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "not_started",
      kind: null,
      steps: [],
      failureReason: null,
      submittedAt: null,
      approvedAt: null,
      fees: {
        billing: "included",
        oneTime: [
          { label: "Brand registration (one time)", amountUsd: 4 },
          { label: "Campaign vetting (one time)", amountUsd: 15 },
        ],
        monthly: [{ label: "Campaign (monthly)", amountUsd: 1.5 }],
      },
      required: true,
    });
  });

  it("given no signed-in user, when reading or submitting, then 401", async () => {
    expect((await fetch(`${harness.url}/api/texting-registration`)).status).toBe(401);
    expect((await fetch(`${harness.url}/api/texting-registration`, { method: "POST" })).status).toBe(401);
  });

  it("given a business without its number, when submitting, then 409 'Get your number first.'", async () => {
    const response = await request("user-none", "POST", undefined, STANDARD);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: "Get your number first.", code: "CONFLICT" });
  });

  it("given invalid answers, when submitting, then 400 with the platform's per-field errors", async () => {
    await businessWithNumber("biz-invalid", "user-invalid");
    const response = await request("user-invalid", "POST", undefined, { ...STANDARD, ein: "000000000", website: "http://acme.example" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; errors: { field: string; message: string }[] };
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: "ein", message: "EIN must be 9 digits, e.g. 12-3456789" },
        { field: "website", message: "Website must start with https://" },
      ]),
    );
    expect((await request("user-invalid", "POST", undefined, { kind: "other" })).status).toBe(400);
  });

  it("given a number bought now, when bought, then it is in the business's new subaccount and PhoneNumberPurchased names it", async () => {
    const phoneNumber = await businessWithNumber("biz-sub", "user-sub");
    const purchase = telephony.purchases.find((entry) => entry.phoneNumber === phoneNumber);
    const account = [...registration.accounts.values()].find((entry) => entry.friendlyName === "rebound:biz-sub");
    expect(account).toBeDefined();
    expect(purchase?.scope).toEqual({ accountSid: account?.accountSid });
    const event = await eventOf(harness, "PhoneNumberPurchased", (e) => e.payload.phoneNumber === phoneNumber);
    expect(event?.payload.accountSid).toBe(account?.accountSid);
    const stored = await harness.service.deps.textingAccounts.findByBusiness("biz-sub");
    expect(stored?.authTokenSealed).not.toContain(account?.authToken ?? "?");
  });

  it("given a standard registration, when the job advances it and the carriers approve, then approved, one step per tick, with events", async () => {
    const phoneNumber = await businessWithNumber("biz-std", "user-std", { smsMessage: "Thanks for calling [Business Name]! We'll text you back soon." });
    const submitted = await request("user-std", "POST", undefined, STANDARD);
    expect(submitted.status).toBe(202);
    expect(await submitted.json()).toMatchObject({ status: "submitted", kind: "standard", required: true, submittedAt: clock.now().toISOString() });
    expect((await request("user-std", "POST", undefined, STANDARD)).status).toBe(409);

    await tick(); // account (already there since the purchase)
    await tick(); // business profile
    const profile = registration.profiles.filter((p) => p.account === registration.accountOf("biz-std").accountSid).at(-1);
    expect(profile?.profile).toMatchObject({ kind: "standard", ein: "123456789", legalName: "Acme Plumbing LLC", region: "TX", contactPhone: "+15125550142" });
    expect(profile?.friendlyName).toBe("rebound:biz-std:1:business_profile");
    const stored = await harness.service.deps.textingRegistrations.findLatest(undefined, "biz-std");
    expect(JSON.stringify(stored?.input)).not.toContain("123456789");
    expect(JSON.stringify(stored?.input)).not.toContain("dana@acme-plumbing.example");

    await tick(); // brand
    await ticks(2); // brand pending: nothing moves
    expect((await view("user-std")).status).toBe("submitted");
    registration.setBrand("biz-std", { status: "APPROVED", identityStatus: "VERIFIED" });
    await tick();
    expect((await view("user-std")).status).toBe("brand_approved");

    await tick(); // messaging service
    expect(registration.serviceOf("biz-std")).toMatchObject({
      inboundRequestUrl: `${harness.url}/webhooks/twilio/sms`,
      statusCallbackUrl: `${harness.url}/webhooks/twilio/status`,
    });
    await tick(); // number
    const numberSid = telephony.purchases.find((entry) => entry.phoneNumber === phoneNumber)?.sid;
    expect(registration.serviceNumbers.filter((n) => n.account === registration.accountOf("biz-std").accountSid).at(-1)).toMatchObject({
      messagingServiceSid: registration.serviceOf("biz-std")?.sid,
      phoneNumberSid: numberSid,
    });
    await tick(); // campaign
    const campaign = registration.campaignOf("biz-std").request;
    expect(campaign.usecase).toBe("LOW_VOLUME");
    expect(campaign.brandSid).toBe(registration.brandOf("biz-std").sid);
    expect(campaign.privacyPolicyUrl).toBe(`${harness.url}/privacy`);
    expect(campaign.termsAndConditionsUrl).toBe(`${harness.url}/terms`);
    expect(campaign.messageSamples.length).toBeGreaterThanOrEqual(2);
    expect(campaign.messageSamples.length).toBeLessThanOrEqual(3);
    expect(campaign.messageSamples[0]).toBe("Thanks for calling Acme Plumbing! We'll text you back soon. Reply STOP to opt out.");
    for (const sample of campaign.messageSamples) {
      expect(sample).toContain("Acme Plumbing");
      expect(sample).toMatch(/STOP/);
    }
    expect(campaign.messageFlow).toMatch(/missed/);
    expect(campaign.messageFlow).toMatch(/STOP/);

    await tick();
    expect((await view("user-std")).status).toBe("brand_approved");
    clock.advance(60_000);
    registration.setCampaign("biz-std", { campaignStatus: "VERIFIED" });
    await tick();

    const approved = await view("user-std");
    expect(approved).toMatchObject({ status: "approved", kind: "standard", failureReason: null, approvedAt: clock.now().toISOString() });
    expect(approved.steps.map((step) => [step.key, step.state])).toEqual([
      ["account", "done"],
      ["business_profile", "done"],
      ["brand", "done"],
      ["number", "done"],
      ["campaign", "done"],
    ]);
    expect(harness.service.deps.sync.directory.usTextingAllowed("biz-std")).toBe(true);
    const approvedEvent = await eventOf(harness, "TextingRegistrationChanged", (e) => e.key === "biz-std" && e.payload.status === Status.APPROVED);
    expect(approvedEvent.payload).toMatchObject({
      businessId: "biz-std",
      userId: "user-std",
      kind: Kind.STANDARD,
      usTextingAllowed: true,
      accountSid: registration.brandOf("biz-std").account,
      messagingServiceSid: registration.serviceOf("biz-std")?.sid,
    });
    await harness.until(() => changes("biz-std").length >= 8);
    const statuses = changes("biz-std").map((event) => event.payload.status);
    expect(statuses[0]).toBe(Status.SUBMITTED);
    expect(statuses).toContain(Status.BRAND_APPROVED);
    expect(changes("biz-std").filter((event) => event.payload.usTextingAllowed)).toHaveLength(1);

    const again = await request("user-std", "POST", undefined, STANDARD);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "Your texting registration is already approved." });
  });

  it("given one in flight, when submitting again, then 409 'already in progress'", async () => {
    await businessWithNumber("biz-twice", "user-twice");
    expect((await request("user-twice", "POST", undefined, STANDARD)).status).toBe(202);
    const second = await request("user-twice", "POST", undefined, STANDARD);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: "Your texting registration is already in progress.", code: "CONFLICT" });
  });

  it("given another owner's registration, when an owner reads theirs, then not_started, never the other's data", async () => {
    await harness.createBusiness("biz-other", "user-other");
    const response = await view("user-other");
    expect(response.status).toBe("not_started");
    expect(JSON.stringify(response)).not.toContain("Acme Plumbing LLC");
    expect((await request("user-other", "POST", "/api/texting-registration/verify", {})).status).toBe(409);
  });

  it("given a sole proprietor, when the brand is approved but unverified, then needs_verification until the owner replies YES, then approved", async () => {
    await businessWithNumber("biz-sole", "user-sole");
    expect((await request("user-sole", "POST", undefined, SOLE_PROPRIETOR)).status).toBe(202);
    await ticks(3);
    expect(registration.profileOf("biz-sole")).toMatchObject({ kind: "sole_proprietor", mobilePhone: "+15125550177", brandName: "Acme Plumbing" });
    expect(registration.brandOf("biz-sole").kind).toBe("sole_proprietor");

    const tooEarly = await request("user-sole", "POST", "/api/texting-registration/verify", {});
    expect(tooEarly.status).toBe(409);

    registration.setBrand("biz-sole", { status: "APPROVED", identityStatus: "UNVERIFIED" });
    await tick();
    const waiting = await view("user-sole");
    expect(waiting.status).toBe("needs_verification");
    expect(waiting.steps.find((step) => step.key === "verification")?.state).toBe("in_progress");
    await eventOf(harness, "TextingRegistrationChanged", (e) => e.key === "biz-sole" && e.payload.status === Status.NEEDS_VERIFICATION);
    await tick();
    expect(changes("biz-sole").filter((event) => event.payload.status === Status.NEEDS_VERIFICATION)).toHaveLength(1);

    const withCode = await request("user-sole", "POST", "/api/texting-registration/verify", { code: "123456" });
    expect(withCode.status).toBe(400);
    expect(await withCode.json()).toMatchObject({ message: "There is no code to enter: reply YES to the text from +1 (915) 278-2000 on your mobile." });
    expect(registration.resends).toEqual([]);

    const resent = await request("user-sole", "POST", "/api/texting-registration/verify", {});
    expect(resent.status).toBe(202);
    expect(await resent.json()).toMatchObject({ status: "needs_verification" });
    expect(registration.resends).toEqual([registration.brandOf("biz-sole").sid]);
    const soon = await request("user-sole", "POST", "/api/texting-registration/verify", {});
    expect(soon.status).toBe(429);
    clock.advance(10 * 60_000);
    expect((await request("user-sole", "POST", "/api/texting-registration/verify", {})).status).toBe(202);
    expect(registration.resends).toHaveLength(2);

    registration.setBrand("biz-sole", { identityStatus: "VERIFIED" });
    await ticks(4); // brand verified, messaging service, number, campaign
    expect((await view("user-sole")).status).toBe("brand_approved");
    expect(registration.campaignOf("biz-sole").request.usecase).toBe("SOLE_PROPRIETOR");
    registration.setCampaign("biz-sole", { campaignStatus: "VERIFIED" });
    await tick();
    const approved = await view("user-sole");
    expect(approved.status).toBe("approved");
    expect(approved.fees.monthly).toEqual([{ label: "Campaign (monthly)", amountUsd: 2 }]);
    expect(approved.steps.map((step) => step.key)).toEqual(["account", "business_profile", "brand", "verification", "number", "campaign"]);
    expect(approved.steps.every((step) => step.state === "done")).toBe(true);
  });

  it("given a sole proprietor's mobile that is one of our numbers, when submitting, then 400 on mobilePhone", async () => {
    const dedicated = await businessWithNumber("biz-own-mobile", "user-own-mobile");
    const response = await request("user-own-mobile", "POST", undefined, { ...SOLE_PROPRIETOR, mobilePhone: dedicated });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe("mobilePhone");
  });

  it("given an invalid EIN refused by the carriers (30795), when the brand fails, then failed with words and a fix; a resubmission is approved", async () => {
    await businessWithNumber("biz-ein", "user-ein");
    expect((await request("user-ein", "POST", undefined, STANDARD)).status).toBe(202);
    await ticks(3);
    registration.setBrand("biz-ein", {
      status: "FAILED",
      errors: [{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }],
    });
    await tick();
    const failed = await view("user-ein");
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("The submitted US EIN is invalid.");
    expect(failed.failureReason).toContain("Check your EIN");
    expect(failed.steps.find((step) => step.key === "brand")?.state).toBe("failed");
    const event = await eventOf(harness, "TextingRegistrationChanged", (e) => e.key === "biz-ein" && e.payload.status === Status.FAILED);
    expect(event.payload).toMatchObject({ failureCode: "30795", usTextingAllowed: false });
    await ticks(2);
    expect((await view("user-ein")).status).toBe("failed");

    const again = await request("user-ein", "POST", undefined, { ...STANDARD, ein: "98-7654321" });
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ status: "submitted", failureReason: null });
    const latest = await harness.service.deps.textingRegistrations.findLatest(undefined, "biz-ein");
    expect(latest?.attempt).toBe(2);
    await ticks(3);
    expect(registration.profileOf("biz-ein")).toMatchObject({ ein: "987654321" });
    registration.setBrand("biz-ein", { status: "APPROVED", identityStatus: "VERIFIED" });
    await ticks(4);
    registration.setCampaign("biz-ein", { campaignStatus: "VERIFIED" });
    await tick();
    expect((await view("user-ein")).status).toBe("approved");
  });

  it("given a campaign the carriers refuse (30893), when it fails, then failed with the reason and what to change", async () => {
    await businessWithNumber("biz-camp", "user-camp");
    expect((await request("user-camp", "POST", undefined, STANDARD)).status).toBe(202);
    await ticks(3);
    registration.setBrand("biz-camp", { status: "APPROVED", identityStatus: "SELF_DECLARED" });
    await ticks(4);
    registration.setCampaign("biz-camp", {
      campaignStatus: "FAILED",
      errors: [{ code: "30893", description: "Campaign vetting rejection - Inconsistency between Sample Message and Use-case" }],
    });
    await tick();
    const failed = await view("user-camp");
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("Inconsistency between Sample Message and Use-case");
    expect(failed.failureReason).toContain("Reply STOP to opt out.");
    expect(failed.steps.find((step) => step.key === "campaign")?.state).toBe("failed");
    expect(harness.service.deps.sync.directory.usTextingAllowed("biz-camp")).toBe(false);
  });

  it("given provider errors, when a step fails, then a retryable one is tried again next tick and a refusal fails the registration", async () => {
    await businessWithNumber("biz-err", "user-err");
    expect((await request("user-err", "POST", undefined, STANDARD)).status).toBe(202);
    await tick(); // account
    registration.failures.set("submitBusinessProfile", new TelephonyProviderError("Service unavailable", { httpStatus: 503, retryable: true }));
    await tick();
    expect((await harness.service.deps.textingRegistrations.findLatest(undefined, "biz-err"))?.step).toBe("business_profile");
    registration.failures.set("submitBusinessProfile", new TelephonyProviderError("Invalid postal code", { code: "21602", httpStatus: 400, retryable: false }));
    await tick();
    const failed = await view("user-err");
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("Invalid postal code.");
  });

  it("given two job runs at once (two replicas), when both lease, then each registration goes to one run", async () => {
    await businessWithNumber("biz-lease", "user-lease");
    expect((await request("user-lease", "POST", undefined, STANDARD)).status).toBe(202);
    const { textingRegistrations, db } = harness.service.deps;
    const now = clock.now();
    const until = new Date(now.getTime() + 60_000);
    const [first, second] = await Promise.all([
      textingRegistrations.leaseInFlight(db.client, now, until, 50),
      textingRegistrations.leaseInFlight(db.client, now, until, 50),
    ]);
    const latest = await textingRegistrations.findLatest(undefined, "biz-lease");
    const holders = [first, second].filter((ids) => ids.includes(latest?.id ?? ""));
    expect(holders).toHaveLength(1);
    for (const id of [...first, ...second]) await textingRegistrations.releaseLease(db.client, id);
  });

  it("given the gateway asking for a subaccount's webhook key, then its token; anyone else or an unknown account, 404", async () => {
    await businessWithNumber("biz-key", "user-key");
    const account = [...registration.accounts.values()].find((entry) => entry.friendlyName === "rebound:biz-key");
    const asGateway = { [INTERNAL_USER_HEADER]: signInternalUser(GATEWAY_PRINCIPAL, harness.runtime.config.INTERNAL_AUTH_SECRET) };
    const path = `${harness.url}/internal/telephony/webhook-keys/${account?.accountSid}`;
    for (const method of ["GET", "POST"]) {
      const response = await fetch(path, { method, headers: asGateway });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ accountSid: account?.accountSid, authToken: account?.authToken });
    }
    expect((await fetch(path, { headers: harness.userHeader("user-key") })).status).toBe(404);
    expect((await fetch(path)).status).toBe(404);
    expect((await fetch(`${harness.url}/internal/telephony/webhook-keys/AC${"f".repeat(32)}`, { headers: asGateway })).status).toBe(404);
  });
});

describe("texting registration without a registration provider", () => {
  const harness = new TelephonyHarness();
  const telephony = new RecordingTelephony();

  beforeAll(async () => {
    await harness.start({}, { provider: telephony });
  });
  afterAll(() => harness.stop());

  it("given a provider without registration, when a number is bought, then it stays in the main account and submitting answers 503", async () => {
    await harness.createBusiness("biz-main", "user-main");
    expect((await harness.purchase("user-main", "+15125550999")).status).toBe(201);
    expect(telephony.purchases.at(-1)?.scope).toBeUndefined();
    const [event] = (await harness.recorder.waitFor("PhoneNumberPurchased", 1)) ?? [];
    expect(event?.payload.accountSid).toBe("");
    const response = await fetch(`${harness.url}/api/texting-registration`, {
      method: "POST",
      headers: { "content-type": "application/json", ...harness.userHeader("user-main") },
      body: JSON.stringify(STANDARD),
    });
    expect(response.status).toBe(503);
  });
});

describe("voice answer while US texting registration is required", () => {
  const harness = new TelephonyHarness();
  const registration = new FakeRegistrationProvider();
  const telephony = new RecordingTelephony();
  const NO_TEXT = "Sorry we missed your call. Please call again later.";
  const TEXT = "Sorry we missed your call. We will get back to you shortly.";

  beforeAll(async () => {
    await harness.start(
      {},
      { provider: telephony, registration, telephony: { TWILIO_TEST_CALLER_NUMBER: "+15005550006", TEXTING_REGISTRATION_REQUIRED: true } },
    );
  });
  afterAll(() => harness.stop());

  const call = async (from: string, to: string, callSid: string) => {
    const response = await fetch(`${harness.url}/webhooks/twilio/voice`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ CallSid: callSid, From: from, To: to, CallStatus: "ringing", Direction: "inbound" }).toString(),
    });
    return response.text();
  };

  it("given a US number not yet registered, when a US caller's call is missed, then no text is promised; Canadian callers still are; approved: promised", async () => {
    await harness.createBusiness("biz-voice", "user-voice");
    const dedicated = "+15125550777";
    expect((await harness.purchase("user-voice", dedicated)).status).toBe(201);

    expect(await call("+12125550123", dedicated, `CA${"1".repeat(32)}`)).toContain(NO_TEXT);
    expect(await call("+14165550123", dedicated, `CA${"2".repeat(32)}`)).toContain(TEXT);

    harness.service.deps.sync.directory.putUsTextingAllowed("biz-voice", true);
    expect(await call("+12125550124", dedicated, `CA${"3".repeat(32)}`)).toContain(TEXT);
  });
});
