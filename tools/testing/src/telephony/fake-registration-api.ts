import type express from "express";
import type { Request, Response } from "express";
import { randomBytes } from "node:crypto";
import type { FakeNumber } from "./fake-twilio-resources";
import { actingAccount, bool, list, notFound, refuseMissing, single, twilioError, type FormParams } from "./fake-twilio-http";
import {
  DOCUMENT_TYPES,
  END_USER_TYPES,
  evaluateBundle,
  FakeRegistrationStore,
  POLICIES,
  POLICY,
  type EvaluationResult,
  type FakeResource,
} from "./fake-registration-resources";

/** What the registration routes need from the fake around them. */
export interface FakeRegistrationHost {
  /** The parent account of a subaccount; undefined for a main account. */
  ownerOf(accountSid: string): string | undefined;
  /** The numbers bought through the fake (any account). */
  readonly numbers: FakeNumber[];
}

/** How the registration half behaves. */
export interface FakeRegistrationOptions {
  /**
   * Review submissions as Twilio does, this many ms after each one: a customer profile or trust product
   * submitted for review becomes `twilio-approved`, a brand `APPROVED` (identity `VERIFIED`; a sole
   * proprietor's stays `UNVERIFIED`, as until its owner replies YES), a campaign `VERIFIED`. In Twilio's
   * order: a trust product not before its customer profile, a brand not before both its bundles (until
   * then it is looked at again every `reviewMs`; it is left alone when one was rejected). A resource a
   * test moved meanwhile is left as it is. Unset (the default): statuses move only when a test says so.
   */
  reviewMs?: number;
}

/** A registration error as the fake reports it on a brand or campaign (`errors[]`). */
export interface FakeRegistrationError {
  code: number;
  description: string;
  fields?: string[];
}

/** Twilio's words for a campaign under a brand that is not (yet) approved and verified (error 30991). */
export const UNVERIFIED_BRAND_MESSAGE = "The Brand of this Campaign is in an unverified status. Campaign registrations under unverified brands is not allowed.";
/** Brand failure reasons Twilio documents for bundles it cannot use. */
export const BRAND_BUNDLE_FAILURES = {
  customerProfile:
    "Unable to fetch Customer Profile Bundle details, check if the correct bundle sid was provided for registration and the bundle is compliant.",
  a2pProfile: "Unable to fetch A2P Bundle Details, check if the correct bundle sid was provided for registration and the bundle is compliant.",
} as const;

const BUNDLES = {
  CustomerProfiles: { kind: "customer_profile", field: "customer_profile_sid", links: "customer_profiles" },
  TrustProducts: { kind: "trust_product", field: "trust_product_sid", links: "trust_products" },
} as const;
type BundlePath = keyof typeof BUNDLES;

const BRAND_TYPES: Record<string, { customerProfile: string; a2pProfile: string }> = {
  STANDARD: { customerProfile: POLICY.secondaryCustomerProfile, a2pProfile: POLICY.a2pMessagingProfile },
  SOLE_PROPRIETOR: { customerProfile: POLICY.starterCustomerProfile, a2pProfile: POLICY.soleProprietorA2pProfile },
};

const TRUST_HUB = "https://trusthub.twilio.com/v1";
const MESSAGING = "https://messaging.twilio.com/v1";

/**
 * The texting-registration half of the fake Twilio API (docs/texting-registration.md A3-A5): TrustHub
 * customer profiles, trust products, end users, supporting documents, entity assignments and
 * evaluations; 2010 addresses; A2P brand registrations and their SMS OTP; messaging services, their
 * phone numbers and US A2P campaigns. Resources belong to the account whose credentials created them
 * (TrustHub and Messaging v1 act as the Basic-auth user; 2010 addresses as the path's account), so a
 * call made with the wrong account's credentials gets Twilio's 404. Statuses move when a test says so
 * (setBrandStatus, setCampaignStatus, setBundleStatus) and, with `reviewMs`, as Twilio reviews them.
 */
export class FakeRegistrationApi {
  readonly store = new FakeRegistrationStore();
  /** Our primary customer profile (twilio-approved, owned by the main account) that secondary profiles are assigned. */
  readonly primaryCustomerProfileSid: string;
  /** The last evaluation status of each bundle. */
  private readonly evaluations = new Map<string, "compliant" | "noncompliant">();
  private forcedEvaluations: { results: EvaluationResult[]; on?: "customer_profile" | "trust_product" }[] = [];
  /** Reviews not yet due (`reviewMs`). */
  private readonly reviews = new Set<NodeJS.Timeout>();

  constructor(
    private readonly host: FakeRegistrationHost,
    mainAccountSid: string,
    private readonly options: FakeRegistrationOptions = {},
  ) {
    const primary = this.store.create(
      "customer_profile",
      "BU",
      mainAccountSid,
      { policy_sid: POLICY.primaryCustomerProfile, friendly_name: "Rebound (ISV)", status: "twilio-approved", email: "compliance@rebound.example" },
      (sid) => `${TRUST_HUB}/CustomerProfiles/${sid}`,
    );
    this.primaryCustomerProfileSid = primary.sid;
  }

  /** The resource's JSON as Twilio would answer it, by SID (any kind, any account). */
  resource(sid: string): Record<string, unknown> | undefined {
    return this.store.get(sid)?.json;
  }

  /**
   * The next bundle evaluation (of that kind of bundle, when `on` is given) is noncompliant with these
   * results (default: an invalid business registration number).
   */
  failNextEvaluation(results?: EvaluationResult[], on?: "customer_profile" | "trust_product"): void {
    this.forcedEvaluations.push({
      on,
      results: results ?? [
        {
          friendly_name: "Business Information",
          object_type: "end_user",
          passed: false,
          failure_reason: "The Business Information is incomplete or invalid.",
          error_code: 22215,
          valid: [],
          invalid: [
            {
              friendly_name: "Business Registration Number",
              object_field: "business_registration_number",
              failure_reason: "The Business Registration Number is invalid.",
              error_code: 22215,
            },
          ],
          requirement_friendly_name: "Business Information",
          requirement_name: "business_info",
        },
      ],
    });
  }

  /** Moves a customer profile or trust product (e.g. to twilio-approved or twilio-rejected). */
  setBundleStatus(sid: string, status: string): void {
    const bundle = this.store.get(sid);
    if (!bundle || (bundle.kind !== "customer_profile" && bundle.kind !== "trust_product")) throw new Error(`no bundle ${sid}`);
    this.store.update(bundle, { status });
  }

  /** Moves a brand as TCR would: status, identity status, and its errors (FAILED: the first one is also `failure_reason`). */
  setBrandStatus(sid: string, status: string, identityStatus?: string, errors?: FakeRegistrationError[]): void {
    const brand = this.store.get(sid);
    if (brand?.kind !== "brand_registration") throw new Error(`no brand ${sid}`);
    this.store.update(brand, {
      status,
      ...(identityStatus !== undefined ? { identity_status: identityStatus } : {}),
      ...(errors !== undefined ? { errors } : {}),
      ...(status === "FAILED" && errors?.[0] ? { failure_reason: errors[0].description } : {}),
      ...(status === "APPROVED" && !brand.json.tcr_id ? { tcr_id: `B${randomBytes(3).toString("hex").toUpperCase()}`, brand_score: 80 } : {}),
    });
  }

  /** Moves a campaign: campaign_status (IN_PROGRESS, VERIFIED, FAILED, SUSPENDED ...) and its errors. */
  setCampaignStatus(sid: string, status: string, errors?: FakeRegistrationError[]): void {
    const campaign = this.store.get(sid);
    if (campaign?.kind !== "campaign") throw new Error(`no campaign ${sid}`);
    this.store.update(campaign, {
      campaign_status: status,
      ...(errors !== undefined ? { errors } : {}),
      ...(status === "VERIFIED" && !campaign.json.campaign_id ? { campaign_id: `C${randomBytes(3).toString("hex").toUpperCase()}` } : {}),
    });
  }

  /** Drops the reviews not yet due (the fake is closing). */
  cancelReviews(): void {
    this.reviews.forEach(clearTimeout);
    this.reviews.clear();
  }

  /** The sender numbers of a messaging service (its PhoneNumbers, in the order added). */
  servicePhoneNumbers(serviceSid: string): string[] {
    return this.store.all("service_phone_number", (entry) => entry.json.service_sid === serviceSid).map((entry) => String(entry.json.phone_number));
  }

  /** The service when it belongs to the account. */
  service(accountSid: string, serviceSid: string): FakeResource | undefined {
    return this.store.owned(serviceSid, accountSid, "messaging_service");
  }

  /** Mounts the routes: `accountBase` is the authenticated 2010 account path (`/2010-04-01/Accounts/:accountSid`). */
  mount(app: express.Express, accountBase: string): void {
    app.post(`${accountBase}/Addresses.json`, (req, res) => this.createAddress(req, res));
    for (const path of Object.keys(BUNDLES) as BundlePath[]) {
      app.post(`/v1/${path}`, (req, res) => this.createBundle(path, req, res));
      app.get(`/v1/${path}/:sid`, (req, res) => this.answer(res, req, this.store.owned(String(req.params.sid), actingAccount(res), BUNDLES[path].kind)));
      app.post(`/v1/${path}/:sid`, (req, res) => this.updateBundle(path, req, res));
      app.post(`/v1/${path}/:sid/EntityAssignments`, (req, res) => this.assign(path, req, res));
      app.post(`/v1/${path}/:sid/Evaluations`, (req, res) => this.evaluate(path, req, res));
    }
    app.post("/v1/EndUsers", (req, res) => this.createEndUser(req, res));
    app.get("/v1/EndUsers/:sid", (req, res) => this.answer(res, req, this.store.owned(String(req.params.sid), actingAccount(res), "end_user")));
    app.post("/v1/SupportingDocuments", (req, res) => this.createDocument(req, res));
    app.post("/v1/a2p/BrandRegistrations", (req, res) => this.createBrand(req, res));
    app.get("/v1/a2p/BrandRegistrations/:sid", (req, res) =>
      this.answer(res, req, this.store.owned(String(req.params.sid), actingAccount(res), "brand_registration")),
    );
    app.post("/v1/a2p/BrandRegistrations/:sid/SmsOtp", (req, res) => this.sendOtp(req, res));
    app.post("/v1/Services", (req, res) => this.createService(req, res));
    app.get("/v1/Services/:sid", (req, res) => this.answer(res, req, this.service(actingAccount(res), String(req.params.sid))));
    app.post("/v1/Services/:sid/PhoneNumbers", (req, res) => this.addPhoneNumber(req, res));
    app.post("/v1/Services/:sid/Compliance/Usa2p", (req, res) => this.createCampaign(req, res));
    app.get("/v1/Services/:sid/Compliance/Usa2p/:campaignSid", (req, res) => {
      const campaign = this.store.owned(String(req.params.campaignSid), actingAccount(res), "campaign");
      if (!campaign || campaign.json.messaging_service_sid !== req.params.sid) return notFound(res, req);
      res.json(campaignAnswer(campaign, req));
    });
  }

  /** With `reviewMs`: reviews the submitted resource that many ms from now (again later while what it rests on is under review). */
  private review(resource: FakeResource): void {
    const reviewMs = this.options.reviewMs;
    if (reviewMs === undefined) return;
    const timer = setTimeout(() => {
      this.reviews.delete(timer);
      if (this.reviewed(resource) === "later") this.review(resource);
    }, reviewMs);
    timer.unref();
    this.reviews.add(timer);
  }

  /** One review: approves the resource if it is still as submitted and what it rests on is approved. */
  private reviewed(resource: FakeResource): "done" | "later" {
    const { json } = resource;
    switch (resource.kind) {
      case "customer_profile":
      case "trust_product": {
        if (json.status !== "pending-review") return "done";
        const profiles = this.store
          .all("entity_assignment", (assignment) => assignment.json.trust_product_sid === resource.sid)
          .map((assignment) => assignment.json.object_sid)
          .filter((sid) => this.store.get(String(sid))?.kind === "customer_profile");
        const state = this.bundlesReviewed(profiles);
        if (state === "approved") this.setBundleStatus(resource.sid, "twilio-approved");
        return state === "pending" ? "later" : "done";
      }
      case "brand_registration": {
        if (json.status !== "PENDING") return "done";
        const state = this.bundlesReviewed([json.customer_profile_bundle_sid, json.a2p_profile_bundle_sid]);
        if (state === "approved") this.setBrandStatus(resource.sid, "APPROVED", json.brand_type === "SOLE_PROPRIETOR" ? "UNVERIFIED" : "VERIFIED");
        return state === "pending" ? "later" : "done";
      }
      case "campaign":
        if (json.campaign_status === "IN_PROGRESS") this.setCampaignStatus(resource.sid, "VERIFIED");
        return "done";
      default:
        return "done";
    }
  }

  /** Where the bundles' reviews stand: all twilio-approved, some still pending review, or one that never will be (rejected, back to draft). */
  private bundlesReviewed(sids: unknown[]): "approved" | "pending" | "never" {
    const statuses = sids.map((sid) => this.store.get(String(sid))?.json.status);
    if (statuses.every((status) => status === "twilio-approved")) return "approved";
    return statuses.every((status) => status === "twilio-approved" || status === "pending-review" || status === "in-review") ? "pending" : "never";
  }

  private answer(res: Response, req: Request, resource: FakeResource | undefined, status = 200): void {
    if (!resource) return notFound(res, req);
    res.status(status).json(resource.json);
  }

  private createAddress(req: Request, res: Response): void {
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["CustomerName", "Street", "City", "Region", "PostalCode", "IsoCountry"])) return;
    const accountSid = actingAccount(res);
    const address = this.store.create(
      "address",
      "AD",
      accountSid,
      {
        customer_name: single(form.CustomerName),
        street: single(form.Street),
        street_secondary: single(form.StreetSecondary) ?? null,
        city: single(form.City),
        region: single(form.Region),
        postal_code: single(form.PostalCode),
        iso_country: single(form.IsoCountry),
        friendly_name: single(form.FriendlyName) ?? null,
        emergency_enabled: bool(form.EmergencyEnabled) ?? false,
        validated: false,
        verified: false,
      },
      (sid) => `/2010-04-01/Accounts/${accountSid}/Addresses/${sid}.json`,
      "2010",
    );
    res.status(201).json(address.json);
  }

  private createBundle(path: BundlePath, req: Request, res: Response): void {
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["FriendlyName", "Email", "PolicySid"])) return;
    const policySid = String(single(form.PolicySid));
    if (POLICIES[policySid]?.bundle !== BUNDLES[path].kind || policySid === POLICY.primaryCustomerProfile) {
      return twilioError(res, 400, 20001, `Invalid PolicySid ${policySid} for ${path}`);
    }
    const links = BUNDLES[path].links;
    const bundle = this.store.create(
      BUNDLES[path].kind,
      "BU",
      actingAccount(res),
      {
        policy_sid: policySid,
        friendly_name: single(form.FriendlyName),
        status: "draft",
        valid_until: null,
        email: single(form.Email),
        status_callback: single(form.StatusCallback) ?? null,
        errors: null,
      },
      (sid) => `${TRUST_HUB}/${path}/${sid}`,
    );
    bundle.json.links = {
      [`${links}_entity_assignments`]: `${TRUST_HUB}/${path}/${bundle.sid}/EntityAssignments`,
      [`${links}_evaluations`]: `${TRUST_HUB}/${path}/${bundle.sid}/Evaluations`,
      [`${links}_channel_endpoint_assignment`]: `${TRUST_HUB}/${path}/${bundle.sid}/ChannelEndpointAssignments`,
    };
    res.status(201).json(bundle.json);
  }

  private updateBundle(path: BundlePath, req: Request, res: Response): void {
    const bundle = this.store.owned(String(req.params.sid), actingAccount(res), BUNDLES[path].kind);
    if (!bundle) return notFound(res, req);
    const form = req.body as FormParams;
    const status = single(form.Status);
    if (status !== undefined && status !== "pending-review" && status !== "draft") {
      return twilioError(res, 400, 20001, `Invalid Status ${status}: a bundle can only be submitted (pending-review)`);
    }
    this.store.update(bundle, {
      ...(status !== undefined ? { status } : {}),
      ...(form.FriendlyName !== undefined ? { friendly_name: single(form.FriendlyName) } : {}),
      ...(form.Email !== undefined ? { email: single(form.Email) } : {}),
      ...(form.StatusCallback !== undefined ? { status_callback: single(form.StatusCallback) } : {}),
    });
    if (status === "pending-review") this.review(bundle);
    res.json(bundle.json);
  }

  private assign(path: BundlePath, req: Request, res: Response): void {
    const accountSid = actingAccount(res);
    const bundle = this.store.owned(String(req.params.sid), accountSid, BUNDLES[path].kind);
    if (!bundle) return notFound(res, req);
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["ObjectSid"])) return;
    const objectSid = String(single(form.ObjectSid));
    const object = this.store.get(objectSid);
    const owner = this.host.ownerOf(accountSid);
    const assignable =
      object !== undefined &&
      ["end_user", "supporting_document", "customer_profile"].includes(object.kind) &&
      object.sid !== bundle.sid &&
      // Our primary customer profile belongs to the parent account: the one object of another account a subaccount may assign.
      (object.accountSid === accountSid || (object.kind === "customer_profile" && owner !== undefined && object.accountSid === owner));
    if (!assignable) return twilioError(res, 400, 20404, `The ObjectSid ${objectSid} was not found in this account`);
    const assignment = this.store.create(
      "entity_assignment",
      "BV",
      accountSid,
      { [BUNDLES[path].field]: bundle.sid, object_sid: objectSid },
      (sid) => `${TRUST_HUB}/${path}/${bundle.sid}/EntityAssignments/${sid}`,
    );
    res.status(201).json(assignment.json);
  }

  private evaluate(path: BundlePath, req: Request, res: Response): void {
    const accountSid = actingAccount(res);
    const bundle = this.store.owned(String(req.params.sid), accountSid, BUNDLES[path].kind);
    if (!bundle) return notFound(res, req);
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["PolicySid"])) return;
    const policySid = String(single(form.PolicySid));
    if (!POLICIES[policySid]) return twilioError(res, 400, 20001, `Invalid PolicySid ${policySid}`);
    const assigned = this.store
      .all("entity_assignment", (assignment) => assignment.json[BUNDLES[path].field] === bundle.sid)
      .map((assignment) => this.store.get(String(assignment.json.object_sid)))
      .filter((object): object is FakeResource => object !== undefined);
    const forced = this.forcedEvaluations.find((candidate) => candidate.on === undefined || candidate.on === bundle.kind);
    if (forced) this.forcedEvaluations = this.forcedEvaluations.filter((candidate) => candidate !== forced);
    const outcome = forced ? { status: "noncompliant" as const, results: forced.results } : evaluateBundle(policySid, assigned);
    this.evaluations.set(bundle.sid, outcome.status);
    const evaluation = this.store.create(
      "evaluation",
      "EL",
      accountSid,
      { policy_sid: policySid, [BUNDLES[path].field]: bundle.sid, status: outcome.status, results: outcome.results },
      (sid) => `${TRUST_HUB}/${path}/${bundle.sid}/Evaluations/${sid}`,
    );
    delete evaluation.json.date_updated;
    res.status(201).json(evaluation.json);
  }

  private createEndUser(req: Request, res: Response): void {
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["FriendlyName", "Type"])) return;
    const type = String(single(form.Type));
    if (!END_USER_TYPES.has(type)) return twilioError(res, 400, 20001, `Invalid Type ${type}`);
    const attributes = parseAttributes(res, form);
    if (!attributes) return;
    const endUser = this.store.create(
      "end_user",
      "IT",
      actingAccount(res),
      { friendly_name: single(form.FriendlyName), type, attributes },
      (sid) => `${TRUST_HUB}/EndUsers/${sid}`,
    );
    res.status(201).json(endUser.json);
  }

  private createDocument(req: Request, res: Response): void {
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["FriendlyName", "Type"])) return;
    const type = String(single(form.Type));
    if (!DOCUMENT_TYPES.has(type)) return twilioError(res, 400, 20001, `Invalid Type ${type}`);
    const attributes = parseAttributes(res, form);
    if (!attributes) return;
    const accountSid = actingAccount(res);
    const addressSids = list(attributes.address_sids as string | string[] | undefined);
    const unknown = addressSids.find((sid) => !this.store.owned(sid, accountSid, "address"));
    if (addressSids.length === 0 || unknown !== undefined) {
      return twilioError(res, 400, 20404, `The address ${unknown ?? "(none)"} was not found in this account`);
    }
    const document = this.store.create(
      "supporting_document",
      "RD",
      accountSid,
      { friendly_name: single(form.FriendlyName), mime_type: null, status: "DRAFT", failure_reason: null, errors: null, type, attributes },
      (sid) => `${TRUST_HUB}/SupportingDocuments/${sid}`,
    );
    res.status(201).json(document.json);
  }

  private createBrand(req: Request, res: Response): void {
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["CustomerProfileBundleSid", "A2PProfileBundleSid"])) return;
    const brandType = single(form.BrandType) ?? "STANDARD";
    const expected = BRAND_TYPES[brandType];
    if (!expected) return twilioError(res, 400, 20001, `Invalid BrandType ${brandType}`);
    const accountSid = actingAccount(res);
    const usable = (sid: string | undefined, kind: "customer_profile" | "trust_product", policySid: string) => {
      const bundle = this.store.owned(sid, accountSid, kind);
      return bundle !== undefined && bundle.json.policy_sid === policySid && bundle.json.status !== "draft" && this.evaluations.get(bundle.sid) === "compliant";
    };
    const failure = !usable(single(form.CustomerProfileBundleSid), "customer_profile", expected.customerProfile)
      ? BRAND_BUNDLE_FAILURES.customerProfile
      : !usable(single(form.A2PProfileBundleSid), "trust_product", expected.a2pProfile)
        ? BRAND_BUNDLE_FAILURES.a2pProfile
        : undefined;
    const brand = this.store.create(
      "brand_registration",
      "BN",
      accountSid,
      {
        customer_profile_bundle_sid: single(form.CustomerProfileBundleSid),
        a2p_profile_bundle_sid: single(form.A2PProfileBundleSid),
        brand_type: brandType,
        status: failure ? "FAILED" : "PENDING",
        tcr_id: null,
        failure_reason: failure ?? null,
        errors: [],
        brand_score: null,
        brand_feedback: null,
        identity_status: null,
        russell_3000: false,
        government_entity: false,
        tax_exempt_status: null,
        skip_automatic_sec_vet: bool(form.SkipAutomaticSecVet) ?? false,
        mock: bool(form.Mock) ?? false,
      },
      (sid) => `${MESSAGING}/a2p/BrandRegistrations/${sid}`,
    );
    brand.json.links = {
      brand_vettings: `${MESSAGING}/a2p/BrandRegistrations/${brand.sid}/Vettings`,
      brand_registration_otps: `${MESSAGING}/a2p/BrandRegistrations/${brand.sid}/SmsOtp`,
    };
    if (!failure) this.review(brand);
    res.status(201).json(brand.json);
  }

  private sendOtp(req: Request, res: Response): void {
    const accountSid = actingAccount(res);
    const brand = this.store.owned(String(req.params.sid), accountSid, "brand_registration");
    if (!brand) return notFound(res, req);
    if (brand.json.brand_type !== "SOLE_PROPRIETOR") return twilioError(res, 400, 20001, "An SMS OTP is only sent for a SOLE_PROPRIETOR brand");
    res.status(201).json({ account_sid: accountSid, brand_registration_sid: brand.sid });
  }

  private createService(req: Request, res: Response): void {
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["FriendlyName"])) return;
    const friendlyName = String(single(form.FriendlyName));
    if (friendlyName.length > 64) return twilioError(res, 400, 20001, "FriendlyName must be at most 64 characters");
    const service = this.store.create(
      "messaging_service",
      "MG",
      actingAccount(res),
      {
        friendly_name: friendlyName,
        inbound_request_url: single(form.InboundRequestUrl) ?? null,
        inbound_method: single(form.InboundMethod) ?? "POST",
        fallback_url: single(form.FallbackUrl) ?? null,
        fallback_method: single(form.FallbackMethod) ?? "POST",
        status_callback: single(form.StatusCallback) ?? null,
        sticky_sender: bool(form.StickySender) ?? true,
        mms_converter: true,
        smart_encoding: true,
        scan_message_content: "inherit",
        fallback_to_long_code: true,
        area_code_geomatch: bool(form.AreaCodeGeomatch) ?? true,
        synchronous_validation: false,
        validity_period: Number(single(form.ValidityPeriod) ?? 14400),
        usecase: single(form.Usecase) ?? "undeclared",
        us_app_to_person_registered: false,
        use_inbound_webhook_on_number: bool(form.UseInboundWebhookOnNumber) ?? false,
      },
      (sid) => `${MESSAGING}/Services/${sid}`,
    );
    service.json.links = {
      phone_numbers: `${MESSAGING}/Services/${service.sid}/PhoneNumbers`,
      us_app_to_person: `${MESSAGING}/Services/${service.sid}/Compliance/Usa2p`,
      us_app_to_person_usecases: `${MESSAGING}/Services/${service.sid}/Compliance/Usa2p/Usecases`,
    };
    res.status(201).json(service.json);
  }

  private addPhoneNumber(req: Request, res: Response): void {
    const accountSid = actingAccount(res);
    const service = this.service(accountSid, String(req.params.sid));
    if (!service) return notFound(res, req);
    const form = req.body as FormParams;
    if (refuseMissing(res, form, ["PhoneNumberSid"])) return;
    const phoneNumberSid = String(single(form.PhoneNumberSid));
    const number = this.host.numbers.find((candidate) => candidate.sid === phoneNumberSid && !candidate.released && candidate.accountSid === accountSid);
    if (!number) return twilioError(res, 400, 20404, `The phone number ${phoneNumberSid} was not found in this account`);
    if (this.store.all("service_phone_number", (entry) => entry.sid === phoneNumberSid).length > 0) {
      return twilioError(res, 409, 21710, "Phone Number or Short Code is already in the Messaging Service.");
    }
    const soleProprietor = this.store
      .all("campaign", (campaign) => campaign.json.messaging_service_sid === service.sid)
      .some((campaign) => this.store.get(String(campaign.json.brand_registration_sid))?.json.brand_type === "SOLE_PROPRIETOR");
    if (soleProprietor && this.servicePhoneNumbers(service.sid).length >= 1) {
      return twilioError(res, 400, undefined, "Sole Proprietor Campaigns can only have one 10DLC phone number");
    }
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    const entry: FakeResource = {
      sid: number.sid,
      kind: "service_phone_number",
      accountSid,
      json: {
        sid: number.sid,
        account_sid: accountSid,
        service_sid: service.sid,
        date_created: now,
        date_updated: now,
        phone_number: number.phoneNumber,
        country_code: "US",
        capabilities: ["SMS", "Voice"],
        url: `${MESSAGING}/Services/${service.sid}/PhoneNumbers/${number.sid}`,
      },
    };
    this.store.seed(entry);
    res.status(201).json(entry.json);
  }

  private createCampaign(req: Request, res: Response): void {
    const accountSid = actingAccount(res);
    const service = this.service(accountSid, String(req.params.sid));
    if (!service) return notFound(res, req);
    const form = req.body as FormParams;
    const required = ["BrandRegistrationSid", "Description", "MessageFlow", "MessageSamples", "UsAppToPersonUsecase", "HasEmbeddedLinks", "HasEmbeddedPhone"];
    if (refuseMissing(res, form, required)) return;
    const brand = this.store.owned(single(form.BrandRegistrationSid), accountSid, "brand_registration");
    if (!brand) return twilioError(res, 400, 20404, `The brand ${single(form.BrandRegistrationSid)} was not found in this account`);
    const verified = brand.json.status === "APPROVED" && brand.json.identity_status !== "UNVERIFIED" && brand.json.identity_status !== null;
    if (!verified) return twilioError(res, 400, 30991, UNVERIFIED_BRAND_MESSAGE);
    if (this.store.all("campaign", (campaign) => campaign.json.messaging_service_sid === service.sid).length > 0) {
      return twilioError(res, 409, undefined, "This Messaging Service already has a US A2P campaign");
    }
    const campaign = this.store.create(
      "campaign",
      "QE",
      accountSid,
      {
        brand_registration_sid: brand.sid,
        messaging_service_sid: service.sid,
        description: single(form.Description),
        message_samples: list(form.MessageSamples),
        us_app_to_person_usecase: single(form.UsAppToPersonUsecase),
        has_embedded_links: bool(form.HasEmbeddedLinks),
        has_embedded_phone: bool(form.HasEmbeddedPhone),
        subscriber_opt_in: bool(form.SubscriberOptIn) ?? false,
        age_gated: bool(form.AgeGated) ?? false,
        direct_lending: bool(form.DirectLending) ?? false,
        campaign_status: "IN_PROGRESS",
        campaign_id: null,
        is_externally_registered: false,
        rate_limits: { att: { mps: 4, msg_class: "T" }, tmobile: { brand_tier: "LOW" } },
        message_flow: single(form.MessageFlow),
        opt_in_message: single(form.OptInMessage) ?? null,
        opt_out_message: single(form.OptOutMessage) ?? null,
        help_message: single(form.HelpMessage) ?? null,
        opt_in_keywords: form.OptInKeywords === undefined ? null : list(form.OptInKeywords),
        opt_out_keywords: form.OptOutKeywords === undefined ? null : list(form.OptOutKeywords),
        help_keywords: form.HelpKeywords === undefined ? null : list(form.HelpKeywords),
        mock: false,
        errors: [],
        privacy_policy_url: single(form.PrivacyPolicyUrl) ?? null,
        terms_and_conditions_url: single(form.TermsAndConditionsUrl) ?? null,
      },
      (sid) => `${MESSAGING}/Services/${service.sid}/Compliance/Usa2p/${sid}`,
    );
    this.store.update(service, { us_app_to_person_registered: true });
    this.review(campaign);
    res.status(201).json(campaignAnswer(campaign, req));
  }
}

/** Twilio answers the privacy policy and terms URLs only to `X-Twilio-Api-Version: v1.2`. */
function campaignAnswer(campaign: FakeResource, req: Request): Record<string, unknown> {
  if (req.header("x-twilio-api-version") === "v1.2") return campaign.json;
  const { privacy_policy_url: _privacy, terms_and_conditions_url: _terms, ...older } = campaign.json;
  return older;
}

/** `Attributes` is a JSON object (TrustHub's end users and supporting documents). */
function parseAttributes(res: Response, form: FormParams): Record<string, unknown> | undefined {
  const text = single(form.Attributes);
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  twilioError(res, 400, 20001, "Attributes must be a JSON object");
  return undefined;
}
