import express from "express";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import twilio from "twilio";
import { createSilentLogger, errorMiddleware } from "@rebound/platform";
import type { CampaignRequest, ProviderAccount } from "@rebound/providers/telephony";
import { FakeClock } from "@rebound/testing";
import { WebhookReceiver } from "@rebound/testing/telephony";
import { A2P_OTP_VALIDITY_MS, A2P_VERIFICATION_CONFIRMED, A2P_VERIFICATION_SENDER, A2P_VERIFICATION_TEXT } from "./a2p/a2p-records";
import { campaignContent, soleProprietorProfile, standardProfile } from "./a2p/a2p-test-fixtures";
import { FileJournal, MemoryJournal, type CarrierJournal } from "./carrier-journal";
import { CarrierSimulator, SIMULATOR_A2P_DEFAULTS, type CarrierSimulatorOptions } from "./carrier-simulator";
import { createSimulatorRouter } from "./simulator-router";

const MAIN_TOKEN = "dev-auth-token";
const BRAND_MS = 10_000;
const CAMPAIGN_MS = 20_000;
const MOBILE = soleProprietorProfile.mobilePhone;
const CALLER = "+15551230001";
const CANADIAN_CALLER = "+14165550123";
const SUB_NUMBER = "+12125550123";
const MAIN_NUMBER = "+12125550124";
const WEBHOOKS = { voiceUrl: "http://x/voice", smsUrl: "http://x/sms", statusCallbackUrl: "http://x/call-status" };
const FRIENDLY = { friendlyName: "rebound:b1:1:profile", notificationEmail: "texting@rebound.example" };

describe("CarrierSimulator: US texting registration (A2P 10DLC)", () => {
  let receiver: WebhookReceiver;
  let clock: FakeClock;
  const simulators: CarrierSimulator[] = [];
  const create = (options: Partial<CarrierSimulatorOptions> = {}, journal: CarrierJournal = new MemoryJournal()) => {
    const simulator = new CarrierSimulator({
      authToken: MAIN_TOKEN,
      publicBaseUrl: () => receiver.url,
      journal,
      logger: createSilentLogger(),
      deliveryStepMs: 1,
      clock,
      a2pBrandApprovalMs: BRAND_MS,
      a2pCampaignApprovalMs: CAMPAIGN_MS,
      ...options,
    });
    simulators.push(simulator);
    return simulator;
  };

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    clock = new FakeClock();
  });

  afterEach(async () => {
    await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
    await receiver.close();
  });

  /** A subaccount with a number in a messaging service, and a standard brand submitted now. */
  async function standardBusiness(simulator: CarrierSimulator, phoneNumber = SUB_NUMBER) {
    const account = await simulator.createSubaccount("rebound:b1");
    const number = await simulator.purchaseNumber(phoneNumber, WEBHOOKS, { accountSid: account.accountSid });
    const profile = await simulator.submitBusinessProfile(account, standardProfile, FRIENDLY);
    const brand = await simulator.createBrand(account, { kind: "standard", profile });
    const service = await simulator.createMessagingService(account, {
      friendlyName: "rebound:b1:1:service",
      inboundRequestUrl: `${receiver.url}/webhooks/twilio/sms`,
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/status`,
    });
    await simulator.addNumberToService(account, service.sid, number.sid);
    const campaign = (fields: Partial<CampaignRequest> = {}): CampaignRequest => ({
      ...campaignContent(),
      messagingServiceSid: service.sid,
      brandSid: brand.sid,
      ...fields,
    });
    return { account, number, profile, brand, service, campaign };
  }

  /** A subaccount with a sole proprietor brand submitted now (the owner's mobile is MOBILE). */
  async function soleProprietor(simulator: CarrierSimulator) {
    const account = await simulator.createSubaccount("rebound:b2");
    const profile = await simulator.submitBusinessProfile(account, soleProprietorProfile, FRIENDLY);
    const brand = await simulator.createBrand(account, { kind: "sole_proprietor", profile });
    return { account, profile, brand };
  }

  const reply = (simulator: CarrierSimulator, body: string) => simulator.phones.sendSms({ from: MOBILE, to: A2P_VERIFICATION_SENDER, body });
  const statusesOf = async (path: string, count: number) => (await receiver.waitFor(path, count)).map((callback) => callback.params);

  it("given a standard brand, when the clock passes the vetting, then PENDING, IN_REVIEW, APPROVED + VERIFIED; the campaign waits for it, then IN_PROGRESS, VERIFIED", async () => {
    const simulator = create();
    const { account, brand, campaign, profile } = await standardBusiness(simulator);

    expect(brand).toEqual({
      sid: expect.stringMatching(/^BN[0-9a-f]{32}$/),
      status: "PENDING",
      identityStatus: "UNVERIFIED",
      brandType: "STANDARD",
      errors: [],
    });
    await expect(simulator.createCampaign(account, campaign())).rejects.toMatchObject({
      name: "TelephonyProviderError",
      code: "30991",
      retryable: false,
      options: { httpStatus: 400 },
      message: "The Brand of this Campaign is in an unverified status. Campaign registrations under unverified brands is not allowed.",
    });
    clock.advance(BRAND_MS / 2);
    expect((await simulator.fetchBrand(account, brand.sid)).status).toBe("IN_REVIEW");
    clock.advance(BRAND_MS / 2);
    expect(await simulator.fetchBrand(account, brand.sid)).toMatchObject({ status: "APPROVED", identityStatus: "VERIFIED" });
    expect(simulator.a2pSnapshot().profiles).toEqual([expect.objectContaining({ customerProfileSid: profile.customerProfileSid, status: "twilio-approved" })]);

    const submitted = await simulator.createCampaign(account, campaign());
    expect(submitted).toEqual({ sid: expect.stringMatching(/^QE/), campaignStatus: "IN_PROGRESS", errors: [] });
    clock.advance(CAMPAIGN_MS - 1);
    expect((await simulator.fetchCampaign(account, campaign().messagingServiceSid, submitted.sid)).campaignStatus).toBe("IN_PROGRESS");
    clock.advance(1);
    expect(await simulator.fetchCampaign(account, campaign().messagingServiceSid, submitted.sid)).toEqual({
      sid: submitted.sid,
      campaignStatus: "VERIFIED",
      errors: [],
    });
  });

  it("given bad content, when the campaign's vetting ends, then FAILED with 30893 and 30886", async () => {
    const simulator = create();
    const { account, campaign } = await standardBusiness(simulator);
    clock.advance(BRAND_MS);

    const submitted = await simulator.createCampaign(account, campaign({ messageSamples: ["Sorry we missed you!"], description: "Missed calls." }));
    clock.advance(CAMPAIGN_MS);

    const fetched = await simulator.fetchCampaign(account, campaign().messagingServiceSid, submitted.sid);
    expect(fetched.campaignStatus).toBe("FAILED");
    expect(fetched.errors.map((error) => error.code)).toEqual(["30893", "30886"]);
  });

  it("given an invalid EIN, when the vetting ends, then the brand is FAILED with 30795", async () => {
    const simulator = create();
    const account = await simulator.createSubaccount("rebound:b3");
    const profile = await simulator.submitBusinessProfile(account, { ...standardProfile, ein: "000000000" }, FRIENDLY);
    const brand = await simulator.createBrand(account, { kind: "standard", profile });

    clock.advance(BRAND_MS);

    expect(await simulator.fetchBrand(account, brand.sid)).toEqual({
      sid: brand.sid,
      status: "FAILED",
      identityStatus: "UNVERIFIED",
      brandType: "STANDARD",
      errors: [{ code: "30795", description: "Brand Registration Feedback: The submitted US EIN is invalid." }],
    });
  });

  it("given a sole proprietor brand, when approved, then one text from +19152782000 asks for YES; a wrong reply changes nothing; YES verifies and is thanked", async () => {
    const simulator = create();
    const { account, brand } = await soleProprietor(simulator);
    clock.advance(BRAND_MS);

    expect(await simulator.fetchBrand(account, brand.sid)).toMatchObject({ status: "APPROVED", identityStatus: "UNVERIFIED", brandType: "SOLE_PROPRIETOR" });
    expect(simulator.listMessages(MOBILE)).toEqual([]);
    expect(simulator.runDue()).toEqual({ verificationTexts: [{ brandSid: brand.sid, to: MOBILE, messageSid: expect.stringMatching(/^SM/) }] });
    expect(simulator.runDue()).toEqual({ verificationTexts: [] });
    expect(simulator.listMessages(MOBILE)).toEqual([expect.objectContaining({ from: "+19152782000", body: A2P_VERIFICATION_TEXT, status: "delivered" })]);

    const service = await simulator.createMessagingService(account, { friendlyName: "rebound:b2:1:service", inboundRequestUrl: "", statusCallbackUrl: "" });
    const campaign = { ...campaignContent("Sam's Lawn Care"), usecase: "SOLE_PROPRIETOR", messagingServiceSid: service.sid, brandSid: brand.sid };
    await expect(simulator.createCampaign(account, campaign)).rejects.toMatchObject({ code: "30991" });

    expect(await reply(simulator, "What is this?")).toMatchObject({ replies: [] });
    expect(await reply(simulator, "Yes please")).toMatchObject({ replies: [] });
    expect((await simulator.fetchBrand(account, brand.sid)).identityStatus).toBe("UNVERIFIED");
    expect(await reply(simulator, " yes ")).toMatchObject({ replies: [A2P_VERIFICATION_CONFIRMED] });

    expect(await simulator.fetchBrand(account, brand.sid)).toMatchObject({ status: "APPROVED", identityStatus: "VERIFIED" });
    expect(simulator.listMessages(MOBILE)[0]).toMatchObject({ from: A2P_VERIFICATION_SENDER, body: "Thank you. Your registration has been confirmed." });
    expect(receiver.on("/webhooks/twilio/sms")).toEqual([]);
    await expect(simulator.createCampaign(account, campaign)).resolves.toMatchObject({ campaignStatus: "IN_PROGRESS" });
  });

  it("given a sole proprietor's messaging service with its number, when a second number is added, then refused: one 10DLC number", async () => {
    const simulator = create();
    const { account } = await soleProprietor(simulator);
    const first = await simulator.purchaseNumber("+12125550131", WEBHOOKS, { accountSid: account.accountSid });
    const second = await simulator.purchaseNumber("+12125550132", WEBHOOKS, { accountSid: account.accountSid });
    const service = await simulator.createMessagingService(account, { friendlyName: "rebound:b2:1:service", inboundRequestUrl: "", statusCallbackUrl: "" });
    await simulator.addNumberToService(account, service.sid, first.sid);

    await expect(simulator.addNumberToService(account, service.sid, second.sid)).rejects.toMatchObject({
      name: "TelephonyProviderError",
      message: "Sole Proprietor Campaigns can only have one 10DLC phone number",
      options: { httpStatus: 400 },
    });
  });

  it("given the verification text is 24 hours old, when the owner replies YES, then nothing; a new text restarts the 24 hours", async () => {
    const simulator = create();
    const { account, brand } = await soleProprietor(simulator);
    clock.advance(BRAND_MS);
    simulator.runDue();
    clock.advance(A2P_OTP_VALIDITY_MS);

    expect(await reply(simulator, "YES")).toMatchObject({ replies: [] });
    expect((await simulator.fetchBrand(account, brand.sid)).identityStatus).toBe("UNVERIFIED");

    await simulator.resendBrandVerification(account, brand.sid);
    expect(simulator.listMessages(MOBILE).map((message) => message.body)).toEqual([A2P_VERIFICATION_TEXT, A2P_VERIFICATION_TEXT]);
    clock.advance(A2P_OTP_VALIDITY_MS - 1);
    expect(await reply(simulator, "YES")).toMatchObject({ replies: [A2P_VERIFICATION_CONFIRMED] });
    expect((await simulator.fetchBrand(account, brand.sid)).identityStatus).toBe("VERIFIED");
    await expect(simulator.resendBrandVerification(account, brand.sid)).rejects.toMatchObject({ options: { httpStatus: 400 } });
  });

  it("given the system clock and short delays, when the brand is approved, then the timer sends the verification text by itself", async () => {
    const simulator = create({ clock: undefined, a2pBrandApprovalMs: 30 });
    await soleProprietor(simulator);

    const deadline = Date.now() + 2_000;
    while (simulator.listMessages(MOBILE).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

    expect(simulator.listMessages(MOBILE)).toEqual([expect.objectContaining({ from: A2P_VERIFICATION_SENDER, body: A2P_VERIFICATION_TEXT })]);
  });

  it("given a subaccount's number, when calls, texts and status callbacks reach us, then they carry its AccountSid and are signed with its token", async () => {
    const simulator = create();
    const account = await simulator.createSubaccount("rebound:b1");
    expect(account).toEqual({ accountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/), authToken: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await simulator.purchaseNumber(SUB_NUMBER, WEBHOOKS, { accountSid: account.accountSid });
    await simulator.purchaseNumber(MAIN_NUMBER, WEBHOOKS);
    const statusUrl = `${receiver.url}/webhooks/twilio/status`;

    await simulator.phones.placeCall({ from: CALLER, to: SUB_NUMBER });
    await simulator.phones.placeCall({ from: CALLER, to: MAIN_NUMBER });
    await simulator.phones.sendSms({ from: CALLER, to: SUB_NUMBER, body: "Hi" });
    await simulator.sendSms({ from: SUB_NUMBER, to: CALLER, body: "Sorry we missed you", accountSid: account.accountSid, statusCallbackUrl: statusUrl });

    const [subCall, mainCall] = receiver.on("/webhooks/twilio/voice");
    expectSignedBy(account, subCall, `${receiver.url}/webhooks/twilio/voice`);
    expectSignedBy({ accountSid: simulator.accountSid, authToken: MAIN_TOKEN }, mainCall, `${receiver.url}/webhooks/twilio/voice`);
    expectSignedBy(account, receiver.on("/webhooks/twilio/sms")[0], `${receiver.url}/webhooks/twilio/sms`);
    const callbacks = await receiver.waitFor("/webhooks/twilio/status", 2);
    for (const callback of callbacks) expectSignedBy(account, callback, statusUrl);
    expect(twilio.validateRequest(MAIN_TOKEN, subCall?.signature ?? "", `${receiver.url}/webhooks/twilio/voice`, subCall?.params ?? {})).toBe(false);
  });

  it("given a subaccount's number, when another account sends from it, releases it or looks up its texts, then Twilio's refusals", async () => {
    const simulator = create();
    const account = await simulator.createSubaccount("rebound:b1");
    const number = await simulator.purchaseNumber(SUB_NUMBER, WEBHOOKS, { accountSid: account.accountSid });
    const since = new Date(clock.now().getTime() - 1);
    const sent = await simulator.sendSms({ from: SUB_NUMBER, to: CALLER, body: "Exact", accountSid: account.accountSid });

    await expect(simulator.sendSms({ from: SUB_NUMBER, to: CALLER, body: "x" })).rejects.toMatchObject({ code: "21606" });
    await expect(simulator.purchaseNumber("+12125550125", WEBHOOKS, { accountSid: `AC${"9".repeat(32)}` })).rejects.toMatchObject({ code: "20404" });
    await expect(simulator.findSentMessage({ from: SUB_NUMBER, to: CALLER, body: "Exact", since, accountSid: account.accountSid })).resolves.toEqual({
      sid: sent.sid,
      status: expect.any(String),
    });
    await expect(simulator.findSentMessage({ from: SUB_NUMBER, to: CALLER, body: "Exact", since })).resolves.toBeUndefined();
    await expect(simulator.releaseNumber(number.sid)).rejects.toMatchObject({ code: "20404", options: { httpStatus: 404 } });
    await expect(simulator.releaseNumber(number.sid, { accountSid: account.accountSid })).resolves.toBeUndefined();
  });

  describe("the carrier rule (30034)", () => {
    const statusUrl = () => `${receiver.url}/webhooks/twilio/status`;

    it("given enforcement, when an unregistered US number texts a US caller, then queued, and the callbacks end undelivered with 30034", async () => {
      const simulator = create({ a2pEnforcement: true });

      const result = await simulator.sendSms({ from: MAIN_NUMBER, to: CALLER, body: "Hi", statusCallbackUrl: statusUrl() });

      expect(result.status).toBe("queued");
      const callbacks = await statusesOf("/webhooks/twilio/status", 2);
      expect(callbacks.map((params) => params.MessageStatus)).toEqual(["sent", "undelivered"]);
      expect(callbacks[1]).toMatchObject({ ErrorCode: "30034" });
      expect(callbacks[0]?.ErrorCode).toBeUndefined();
      expect(simulator.listMessages(CALLER)[0]).toMatchObject({ status: "undelivered", errorCode: 30034 });
    });

    it("given enforcement, when the same number texts a Canadian caller, then it is delivered", async () => {
      const simulator = create({ a2pEnforcement: true });

      await simulator.sendSms({ from: MAIN_NUMBER, to: CANADIAN_CALLER, body: "Hi", statusCallbackUrl: statusUrl() });

      expect((await statusesOf("/webhooks/twilio/status", 2)).map((params) => params.MessageStatus)).toEqual(["sent", "delivered"]);
    });

    it("given no a2pEnforcement option, then enforcement is on by default (as US carriers do): an unregistered US number's text to a US caller ends 30034", async () => {
      const simulator = create();
      expect(SIMULATOR_A2P_DEFAULTS.a2pEnforcement).toBe(true);
      expect(simulator.a2pEnforcement).toBe(true);

      await simulator.sendSms({ from: MAIN_NUMBER, to: CALLER, body: "Hi", statusCallbackUrl: statusUrl() });

      expect((await statusesOf("/webhooks/twilio/status", 2))[1]).toMatchObject({ MessageStatus: "undelivered", ErrorCode: "30034" });
    });

    it("given enforcement turned off (SIMULATOR_A2P_ENFORCEMENT=false), when an unregistered US number texts a US caller, then it is delivered", async () => {
      const simulator = create({ a2pEnforcement: false });
      expect(simulator.a2pEnforcement).toBe(false);

      await simulator.sendSms({ from: MAIN_NUMBER, to: CALLER, body: "Hi", statusCallbackUrl: statusUrl() });

      expect((await statusesOf("/webhooks/twilio/status", 2))[1]).toMatchObject({ MessageStatus: "delivered" });
    });

    it("given enforcement, when the number's campaign is VERIFIED, then texts to US callers are delivered; before that they are blocked", async () => {
      const simulator = create({ a2pEnforcement: true });
      const { account, campaign, service } = await standardBusiness(simulator);
      clock.advance(BRAND_MS);
      await simulator.createCampaign(account, campaign());
      // No StatusCallback of its own: the messaging service's (…/webhooks/twilio/status) is used.
      const send = () => simulator.sendSms({ from: SUB_NUMBER, to: CALLER, body: "Hi", accountSid: account.accountSid, messagingServiceSid: service.sid });

      // Through a messaging service a text starts "accepted" (no callback for it), then calls back queued, sent and its end.
      expect((await send()).status).toBe("accepted");
      const blocked = await statusesOf("/webhooks/twilio/status", 3);
      expect(blocked.map((params) => params.MessageStatus)).toEqual(["queued", "sent", "undelivered"]);
      expect(blocked[2]).toMatchObject({ ErrorCode: "30034" });
      clock.advance(CAMPAIGN_MS);
      await send();

      const last = (await statusesOf("/webhooks/twilio/status", 6))[5];
      expect(last).toMatchObject({ MessageStatus: "delivered", AccountSid: account.accountSid });
    });

    it("given enforcement, when our TwiML answers a US caller from an unregistered number, then the reply is undelivered with 30034", async () => {
      const simulator = create({ a2pEnforcement: true });
      receiver.answers.set("/webhooks/twilio/sms", "<Response><Message>Acme: reply STOP to opt out.</Message></Response>");

      await simulator.phones.sendSms({ from: CALLER, to: MAIN_NUMBER, body: "HELP" });

      expect(simulator.listMessages(CALLER)[0]).toMatchObject({ from: MAIN_NUMBER, status: "undelivered", errorCode: 30034 });
    });
  });

  it("given a journal folder, when the simulator restarts, then accounts, brands, verification, services, campaigns and number ownership are all there", async () => {
    const dir = mkdtempSync(join(tmpdir(), "carrier-a2p-"));
    try {
      const first = create({}, new FileJournal(dir));
      const standard = await standardBusiness(first);
      const sole = await soleProprietor(first);
      clock.advance(BRAND_MS);
      first.runDue();
      await reply(first, "YES");
      const campaign = await first.createCampaign(standard.account, standard.campaign());
      const before = first.a2pSnapshot();
      await first.close();

      const second = create({}, new FileJournal(dir));

      expect(second.a2pSnapshot()).toEqual(before);
      expect(second.runDue()).toEqual({ verificationTexts: [] });
      expect(await second.fetchBrand(sole.account, sole.brand.sid)).toMatchObject({ status: "APPROVED", identityStatus: "VERIFIED" });
      clock.advance(CAMPAIGN_MS);
      expect((await second.fetchCampaign(standard.account, standard.service.sid, campaign.sid)).campaignStatus).toBe("VERIFIED");
      await second.phones.placeCall({ from: CALLER, to: SUB_NUMBER });
      expectSignedBy(standard.account, receiver.on("/webhooks/twilio/voice")[0], `${receiver.url}/webhooks/twilio/voice`);
      await expect(second.addNumberToService(standard.account, standard.service.sid, standard.number.sid)).rejects.toMatchObject({ code: "80104" });
      await expect(second.releaseNumber(standard.number.sid, { accountSid: standard.account.accountSid })).resolves.toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("given a sole proprietor brand approved while the simulator was stopped, when it restarts, then the verification text goes out", async () => {
    const dir = mkdtempSync(join(tmpdir(), "carrier-a2p-"));
    try {
      const first = create({}, new FileJournal(dir));
      await soleProprietor(first);
      await first.close();
      clock.advance(BRAND_MS);

      const second = create({}, new FileJournal(dir));

      const deadline = Date.now() + 2_000;
      while (second.listMessages(MOBILE).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(second.listMessages(MOBILE)).toEqual([expect.objectContaining({ body: A2P_VERIFICATION_TEXT })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("dev surface (/dev/simulator/a2p, /dev/simulator/sms)", () => {
    const appFor = (simulator: CarrierSimulator) => {
      const router = createSimulatorRouter(simulator, { nodeEnv: "development" });
      if (!router) throw new Error("router expected");
      return express().use(router).use(errorMiddleware(createSilentLogger()));
    };

    it("given registrations, when listing them, then accounts (without tokens), profiles, brands, services and campaigns with current statuses", async () => {
      const simulator = create();
      const { account, brand, service, number } = await standardBusiness(simulator);
      clock.advance(BRAND_MS);

      const { body } = await request(appFor(simulator)).get("/dev/simulator/a2p").expect(200);

      expect(JSON.stringify(body)).not.toContain(account.authToken);
      expect(body).toMatchObject({
        accounts: [{ sid: account.accountSid, friendlyName: "rebound:b1" }],
        profiles: [{ accountSid: account.accountSid, kind: "standard", status: "twilio-approved" }],
        brands: [{ sid: brand.sid, status: "APPROVED", identityStatus: "VERIFIED", brandName: "Acme Plumbing LLC" }],
        services: [{ sid: service.sid, soleProprietor: false, phoneNumbers: [{ sid: number.sid, phoneNumber: SUB_NUMBER }] }],
        campaigns: [],
      });
    });

    it("given an approved sole proprietor, when run-due is posted, then the verification text goes out, and YES to +19152782000 verifies", async () => {
      const simulator = create();
      const { account, brand } = await soleProprietor(simulator);
      clock.advance(BRAND_MS);
      const app = appFor(simulator);

      const due = await request(app).post("/dev/simulator/a2p/run-due").expect(200);
      expect(due.body).toEqual({ verificationTexts: [{ brandSid: brand.sid, to: MOBILE, messageSid: expect.stringMatching(/^SM/) }] });
      const inbox = await request(app).get("/dev/simulator/messages").query({ to: MOBILE });
      expect(inbox.body.messages).toEqual([expect.objectContaining({ from: "+19152782000", body: A2P_VERIFICATION_TEXT })]);

      const answered = await request(app).post("/dev/simulator/sms").send({ from: MOBILE, to: "+19152782000", body: "YES" }).expect(200);

      expect(answered.body).toEqual({ messageSid: expect.stringMatching(/^SM/), webhookStatus: null, replies: [A2P_VERIFICATION_CONFIRMED] });
      expect((await simulator.fetchBrand(account, brand.sid)).identityStatus).toBe("VERIFIED");
      expect(receiver.on("/webhooks/twilio/sms")).toEqual([]);
    });

    it("given production, when asking for the router, then there is none", () => {
      expect(createSimulatorRouter(create(), { nodeEnv: "production" })).toBeUndefined();
    });
  });
});

/** The webhook carries the account's AccountSid and a valid X-Twilio-Signature by its token. */
function expectSignedBy(account: ProviderAccount, webhook: { signature?: string; params: Record<string, string> } | undefined, url: string): void {
  expect(webhook?.params.AccountSid).toBe(account.accountSid);
  expect(webhook?.signature !== undefined && twilio.validateRequest(account.authToken, webhook.signature, url, webhook.params)).toBe(true);
}
