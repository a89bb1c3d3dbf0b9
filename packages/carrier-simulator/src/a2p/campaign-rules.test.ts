import type { CampaignRequest } from "@rebound/providers/telephony";
import type { A2pEntry } from "./a2p-records";
import { senderRefusal } from "./a2p-rules";
import { campaignSnapshot } from "./a2p-status";
import { addNumber, CAMPAIGN_TEXTS, carrierBlockCode, mentionsBrand, submitCampaign, vetCampaign } from "./campaign-rules";
import {
  accounts,
  brandEntry,
  campaignContent,
  campaignEntry,
  MAIN,
  MOBILE,
  number,
  OTHER,
  profileEntry,
  serviceEntry,
  soleProprietorProfile,
  standardProfile,
  SUB,
  T0,
  TIMINGS,
  viewOf,
} from "./a2p-test-fixtures";

const BRAND_APPROVED = T0 + TIMINGS.brandApprovalMs;
const US_NUMBER = "+12125550123";
const CALLER = "+15551230001";
type Content = Omit<CampaignRequest, "messagingServiceSid" | "brandSid">;
const content = campaignContent();
const codes = (errors: { code: string }[]) => errors.map((error) => error.code);

describe("campaign vetting: what fails a campaign (FAILED after the delay, with Twilio's code)", () => {
  const samples = (...texts: string[]): Content => ({ ...content, messageSamples: texts });
  const good = "Acme Plumbing: sorry we missed your call! Reply STOP to opt out.";
  const other = "Acme Plumbing: we will call you back at [time] today.";

  it.each<[string, Content, string[]]>([
    ["valid content", content, []],
    ["one sample", samples(good), ["30893"]],
    ["six samples", samples(good, other, other, other, other, other), ["30893"]],
    ["five samples", samples(good, other, other, other, other), []],
    ["a sample under 20 characters", samples(good, "Acme: call you back"), ["30893"]],
    ["no sample with opt-out wording", samples("Acme Plumbing: sorry we missed your call!", other), ["30893"]],
    ["opt-out wording without the brand name", samples("Sorry we missed your call! Reply STOP to opt out.", other), ["30893"]],
    ["the brand name and opt-out in different samples", samples("Sorry we missed your call! Reply STOP to opt out.", other), ["30893"]],
    ["'opt out' wording", samples("Acme Plumbing: sorry we missed your call. Text back to opt out anytime.", other), []],
    ["'unsubscribe' wording", samples("ACME PLUMBING LLC: sorry we missed your call. Text UNSUBSCRIBE to leave.", other), []],
    ["a description of 39 characters", { ...content, description: "x".repeat(39) }, ["30886"]],
    ["a message flow of 39 characters", { ...content, messageFlow: "x".repeat(39) }, ["30886"]],
    ["a short description and message flow", { ...content, description: "short", messageFlow: "short" }, ["30886", "30886"]],
    ["the SOLE_PROPRIETOR use case for a standard brand", { ...content, usecase: "SOLE_PROPRIETOR" }, ["30900"]],
  ])("given %s, then errors %j", (_case, submitted, expected) => {
    expect(codes(vetCampaign(submitted, "Acme Plumbing LLC", "STANDARD"))).toEqual(expected);
  });

  it("given bad samples, then 30893 carries Twilio's title and explanation", () => {
    expect(vetCampaign(samples(good), "Acme Plumbing LLC", "STANDARD")).toEqual([
      {
        code: "30893",
        description:
          "Campaign vetting rejection - Inconsistency between Sample Message and Use-case: At least one of the sample messages should include your business name and opt-out message. Ensure at least two sample messages are provided.",
      },
    ]);
  });

  it("given a short description or message flow, then 30886 names the field", () => {
    const [description, flow] = vetCampaign({ ...content, description: "short", messageFlow: "short" }, "Acme Plumbing LLC", "STANDARD");

    expect(description?.description).toMatch(/^Campaign vetting rejection - Invalid Campaign Description: Description must be 40 to 4,096 characters/);
    expect(flow?.description).toMatch(/^Campaign vetting rejection - Invalid Campaign Description: MessageFlow must be 40 to 2,048 characters/);
  });

  it("given a sole proprietor brand, then only the SOLE_PROPRIETOR use case passes (30900)", () => {
    const named = campaignContent("Sam's Lawn Care");
    expect(codes(vetCampaign({ ...named, usecase: "SOLE_PROPRIETOR" }, "Sam's Lawn Care", "SOLE_PROPRIETOR"))).toEqual([]);
    expect(codes(vetCampaign(named, "Sam's Lawn Care", "SOLE_PROPRIETOR"))).toEqual(["30900"]);
  });

  it.each([
    ["Acme Plumbing: hi", "Acme Plumbing LLC", true],
    ["acme plumbing llc: hi", "Acme Plumbing LLC", true],
    ["Acme: hi", "Acme Plumbing LLC", false],
    ["Bright Corp.: hi", "Bright Corp.", true],
    ["Bright: hi", "Bright, Inc.", true],
    ["anything", "", false],
  ])("given the sample %j and the brand %j, then it names the brand: %s", (sample, name, expected) => {
    expect(mentionsBrand(sample, name)).toBe(expected);
  });
});

describe("campaign submission: refusals", () => {
  const standardBrand = (fields = {}) => [profileEntry("BN1", standardProfile), brandEntry("BN1", fields)];
  const soleBrand = (fields = {}) => [
    profileEntry("BN1", soleProprietorProfile),
    brandEntry("BN1", { brandType: "SOLE_PROPRIETOR", mobilePhone: MOBILE, ...fields }),
  ];
  const verified: A2pEntry = { t: "brand-verified", brandSid: "BN1", at: BRAND_APPROVED + 1 };
  const request = (fields: Partial<CampaignRequest> = {}): CampaignRequest => ({ ...content, messagingServiceSid: "MG1", brandSid: "BN1", ...fields });
  const spRequest = (fields: Partial<CampaignRequest> = {}) => request({ ...campaignContent("Sam's Lawn Care"), usecase: "SOLE_PROPRIETOR", ...fields });
  const unverified = { httpStatus: 400, code: "30991", message: CAMPAIGN_TEXTS.unverifiedBrand };

  it.each<[string, A2pEntry[], CampaignRequest, number, object | null, ReturnType<typeof number>[]?]>([
    ["an approved standard brand", standardBrand(), request(), BRAND_APPROVED, null],
    ["a brand still in review", standardBrand(), request(), BRAND_APPROVED - 1, unverified],
    ["a failed brand", standardBrand({ outcome: "FAILED" }), request(), BRAND_APPROVED, unverified],
    ["an approved, unverified sole proprietor", soleBrand(), spRequest(), BRAND_APPROVED + 2, unverified],
    ["an approved, verified sole proprietor", [...soleBrand(), verified], spRequest(), BRAND_APPROVED + 2, null],
    [
      "another account's service",
      [...standardBrand(), serviceEntry("MG2", OTHER.accountSid)],
      request({ messagingServiceSid: "MG2" }),
      BRAND_APPROVED,
      { httpStatus: 404, code: "20404" },
    ],
    ["an unknown brand", standardBrand(), request({ brandSid: "BN9" }), BRAND_APPROVED, { httpStatus: 404, code: "20404" }],
    ["a service that has a campaign", [...standardBrand(), campaignEntry("QE0", { outcome: "FAILED" })], request(), BRAND_APPROVED, { httpStatus: 409 }],
    [
      "a sole proprietor's second campaign",
      [...soleBrand(), verified, serviceEntry("MG2"), campaignEntry("QE0", { messagingServiceSid: "MG2" })],
      spRequest(),
      BRAND_APPROVED + 2,
      { httpStatus: 400, message: CAMPAIGN_TEXTS.soleProprietorOneNumber },
    ],
    [
      "a sole proprietor whose first campaign failed",
      [...soleBrand(), verified, serviceEntry("MG2"), campaignEntry("QE0", { messagingServiceSid: "MG2", outcome: "FAILED" })],
      spRequest(),
      BRAND_APPROVED + TIMINGS.campaignApprovalMs,
      null,
    ],
    [
      "a sole proprietor's service holding two numbers",
      [
        { t: "service-number", serviceSid: "MG1", phoneNumberSid: "PN1", accountSid: SUB.accountSid, at: T0 },
        { t: "service-number", serviceSid: "MG1", phoneNumberSid: "PN2", accountSid: SUB.accountSid, at: T0 },
        ...soleBrand(),
        verified,
      ],
      spRequest(),
      BRAND_APPROVED + 2,
      { httpStatus: 400, message: CAMPAIGN_TEXTS.soleProprietorOneNumber },
      [number("PN1", "+12125550001"), number("PN2", "+12125550002")],
    ],
  ])("given %s, when the campaign is submitted, then refusal %j", (_case, entries, submitted, at, refusal, numbers = []) => {
    const view = viewOf([...accounts(), serviceEntry("MG1"), ...entries], numbers);

    const ruling = submitCampaign(view, { account: SUB, request: submitted, sid: "QE-new" }, at, TIMINGS);

    if (refusal) expect(ruling).toMatchObject({ ok: false, refusal });
    else expect(ruling).toMatchObject({ ok: true, value: { sid: "QE-new", outcome: "APPROVED", decidedAt: at + TIMINGS.campaignApprovalMs } });
  });

  it("given a submitted campaign, then IN_PROGRESS until the delay, then VERIFIED, or FAILED with its errors", () => {
    const passing = campaignEntry("QE1");
    const failing = campaignEntry("QE2", { outcome: "FAILED", errors: [{ code: "30893", description: "x" }] });
    const view = viewOf([passing, failing]);
    const at = (sid: string, ms: number) => campaignSnapshot(view.a2p.campaigns.get(sid)!, T0 + ms);

    expect(at("QE1", 0)).toEqual({ sid: "QE1", campaignStatus: "IN_PROGRESS", errors: [] });
    expect(at("QE1", TIMINGS.campaignApprovalMs - 1).campaignStatus).toBe("IN_PROGRESS");
    expect(at("QE1", TIMINGS.campaignApprovalMs)).toEqual({ sid: "QE1", campaignStatus: "VERIFIED", errors: [] });
    expect(at("QE2", TIMINGS.campaignApprovalMs - 1)).toEqual({ sid: "QE2", campaignStatus: "IN_PROGRESS", errors: [] });
    expect(at("QE2", TIMINGS.campaignApprovalMs)).toEqual({ sid: "QE2", campaignStatus: "FAILED", errors: [{ code: "30893", description: "x" }] });
  });
});

describe("numbers in a messaging service", () => {
  const inService = (serviceSid: string, phoneNumberSid: string): A2pEntry => ({
    t: "service-number",
    serviceSid,
    phoneNumberSid,
    accountSid: SUB.accountSid,
    at: T0,
  });
  const numbers = [
    number("PN1", "+12125550001"),
    number("PN2", "+12125550002"),
    number("PN3", "+12125550003", OTHER.accountSid),
    number("PN4", "+12125550004", null),
    number("PN5", "+12125550005", SUB.accountSid, true),
  ];

  it.each<[string, A2pEntry[], string, string, object | null]>([
    ["the account's own number", [], "MG1", "PN1", null],
    ["a second number in a standard service", [inService("MG1", "PN2")], "MG1", "PN1", null],
    ["another account's number", [], "MG1", "PN3", { httpStatus: 400, code: "21421" }],
    ["the main account's number", [], "MG1", "PN4", { httpStatus: 400, code: "21421" }],
    ["a released number", [], "MG1", "PN5", { httpStatus: 400, code: "21421" }],
    ["an unknown number", [], "MG1", "PN9", { httpStatus: 400, code: "21421" }],
    ["a number already in the service", [inService("MG1", "PN1")], "MG1", "PN1", { httpStatus: 409, code: "80104" }],
    ["a number in another service", [serviceEntry("MG2"), inService("MG2", "PN1")], "MG1", "PN1", { httpStatus: 409, code: "21712" }],
    ["another account's service", [serviceEntry("MG3", OTHER.accountSid)], "MG3", "PN1", { httpStatus: 404, code: "20404" }],
    [
      "a second number for a sole proprietor",
      [brandEntry("BN1", { brandType: "SOLE_PROPRIETOR", mobilePhone: MOBILE }), inService("MG1", "PN2")],
      "MG1",
      "PN1",
      { httpStatus: 400, message: "Sole Proprietor Campaigns can only have one 10DLC phone number" },
    ],
    [
      "a sole proprietor's number after the first was released",
      [brandEntry("BN1", { brandType: "SOLE_PROPRIETOR", mobilePhone: MOBILE }), inService("MG1", "PN5")],
      "MG1",
      "PN1",
      null,
    ],
  ])("given %s, when added, then refusal %j", (_case, entries, serviceSid, phoneNumberSid, refusal) => {
    const view = viewOf([...accounts(), serviceEntry("MG1"), ...entries], numbers);

    const ruling = addNumber(view, { account: SUB, messagingServiceSid: serviceSid, phoneNumberSid }, T0);

    if (refusal) expect(ruling).toMatchObject({ ok: false, refusal });
    else expect(ruling).toEqual({ ok: true, value: { t: "service-number", serviceSid, phoneNumberSid, accountSid: SUB.accountSid, at: T0 } });
  });
});

describe("the carrier rule on unregistered senders (30034)", () => {
  const registered = (campaign: Partial<Parameters<typeof campaignEntry>[1]> = {}): A2pEntry[] => [
    ...accounts(),
    serviceEntry("MG1"),
    { t: "service-number", serviceSid: "MG1", phoneNumberSid: "PN1", accountSid: SUB.accountSid, at: T0 },
    campaignEntry("QE1", campaign),
  ];
  const VERIFIED_AT = T0 + TIMINGS.campaignApprovalMs;
  const ours = [number("PN1", US_NUMBER), number("PN2", "+14165550100"), number("PN3", "+13105550100")];

  it.each<[string, A2pEntry[], { from: string; to: string }, number, number | undefined]>([
    ["a number of a VERIFIED campaign, to a US caller", registered(), { from: US_NUMBER, to: CALLER }, VERIFIED_AT, undefined],
    ["a campaign still IN_PROGRESS", registered(), { from: US_NUMBER, to: CALLER }, VERIFIED_AT - 1, 30034],
    ["a FAILED campaign", registered({ outcome: "FAILED" }), { from: US_NUMBER, to: CALLER }, VERIFIED_AT, 30034],
    ["a number in no service", registered(), { from: "+13105550100", to: CALLER }, VERIFIED_AT, 30034],
    ["a number never bought", registered(), { from: "+13105550199", to: CALLER }, VERIFIED_AT, 30034],
    ["an unregistered number to a Canadian caller", registered(), { from: "+13105550100", to: "+14165550123" }, VERIFIED_AT, undefined],
    ["a Canadian number to a US caller", registered(), { from: "+14165550100", to: CALLER }, VERIFIED_AT, undefined],
    ["an unregistered number to a UK caller", registered(), { from: "+13105550100", to: "+447700900123" }, VERIFIED_AT, undefined],
  ])("given %s, then the carrier's error is %s", (_case, entries, text, at, expected) => {
    expect(carrierBlockCode(viewOf(entries, ours), text, at)).toBe(expected);
  });
});

describe("who may send from a number", () => {
  const numbers = [number("PN1", US_NUMBER), number("PN2", "+12125550999", null), number("PN3", "+12125550888", OTHER.accountSid)];

  it.each<[string, { from: string; accountSid?: string; messagingServiceSid?: string }, object | null]>([
    ["the main account from a number it never bought", { from: "+12125550777" }, null],
    ["the main account from its own number", { from: "+12125550999" }, null],
    ["the main account named by its sid", { from: "+12125550999", accountSid: MAIN.accountSid }, null],
    ["the main account from a subaccount's number", { from: US_NUMBER }, { httpStatus: 400, code: "21606" }],
    ["a subaccount from its number", { from: US_NUMBER, accountSid: SUB.accountSid }, null],
    ["a subaccount from its number through its service", { from: US_NUMBER, accountSid: SUB.accountSid, messagingServiceSid: "MG1" }, null],
    ["a subaccount through another account's service", { from: US_NUMBER, accountSid: SUB.accountSid, messagingServiceSid: "MG2" }, { httpStatus: 404 }],
    ["a subaccount from a number it never bought", { from: "+12125550777", accountSid: SUB.accountSid }, { httpStatus: 400, code: "21606" }],
    ["a subaccount from another's number", { from: "+12125550888", accountSid: SUB.accountSid }, { httpStatus: 400, code: "21606" }],
    ["an unknown account", { from: US_NUMBER, accountSid: `AC${"f".repeat(32)}` }, { httpStatus: 404, code: "20404" }],
  ])("given %s, then refusal %j", (_case, request, refusal) => {
    const view = viewOf([...accounts(), serviceEntry("MG1"), serviceEntry("MG2", OTHER.accountSid)], numbers);

    const ruling = senderRefusal(view, request);

    expect(ruling.ok).toBe(refusal === null);
    if (refusal) expect(ruling).toMatchObject({ ok: false, refusal });
  });
});
