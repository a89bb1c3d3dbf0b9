// The fake's texting-registration resources (TrustHub, addresses, A2P brands, messaging services,
// campaigns), kept as Twilio's JSON (snake_case field names), and the TrustHub policies it evaluates
// bundles against (docs/texting-registration.md A3-A5).
import { fakeSid, iso8601, rfc2822, type SidPrefix } from "./fake-twilio-resources";

export type FakeResourceKind =
  | "customer_profile"
  | "trust_product"
  | "end_user"
  | "supporting_document"
  | "address"
  | "entity_assignment"
  | "evaluation"
  | "brand_registration"
  | "messaging_service"
  | "service_phone_number"
  | "campaign";

/** A resource of one account: `json` is what Twilio answers for it (and what tests read). */
export interface FakeResource {
  sid: string;
  kind: FakeResourceKind;
  accountSid: string;
  json: Record<string, unknown>;
}

/** Every registration resource the fake holds, by SID. */
export class FakeRegistrationStore {
  private readonly items = new Map<string, FakeResource>();

  /** A new resource with `sid`, `account_sid`, the dates (ISO 8601, or RFC 2822 for 2010 resources) and `url`/`uri`. */
  create(
    kind: FakeResourceKind,
    prefix: SidPrefix,
    accountSid: string,
    fields: Record<string, unknown>,
    location: (sid: string) => string,
    style: "v1" | "2010" = "v1",
  ): FakeResource {
    const sid = fakeSid(prefix);
    const now = Date.now();
    const date = style === "v1" ? iso8601(now) : rfc2822(now);
    const json = { sid, account_sid: accountSid, ...fields, date_created: date, date_updated: date, [style === "v1" ? "url" : "uri"]: location(sid) };
    const resource: FakeResource = { sid, kind, accountSid, json };
    this.items.set(sid, resource);
    return resource;
  }

  /** A resource seeded with a known SID (the fake's primary customer profile). */
  seed(resource: FakeResource): void {
    this.items.set(resource.sid, resource);
  }

  get(sid: string): FakeResource | undefined {
    return this.items.get(sid);
  }

  /** The resource when it is of this kind and belongs to this account. */
  owned(sid: string | undefined, accountSid: string, kind: FakeResourceKind): FakeResource | undefined {
    const resource = sid === undefined ? undefined : this.items.get(sid);
    return resource && resource.kind === kind && resource.accountSid === accountSid ? resource : undefined;
  }

  all(kind: FakeResourceKind, where: (resource: FakeResource) => boolean = () => true): FakeResource[] {
    return [...this.items.values()].filter((resource) => resource.kind === kind && where(resource));
  }

  update(resource: FakeResource, fields: Record<string, unknown>): void {
    Object.assign(resource.json, fields, { date_updated: iso8601(Date.now()) });
  }
}

/** The TrustHub policies of the ISV flow (their SIDs as Twilio publishes them). */
export const POLICY = {
  /** Our own primary customer profile (made in the Console; the fake seeds one). */
  primaryCustomerProfile: "RN7a97559effdf62d00f4298208492a5ea",
  secondaryCustomerProfile: "RNdfbf3fae0e1107f8aded0e7cead80bf5",
  starterCustomerProfile: "RN806dd6cd175f314e1f96a9727ee271f4",
  a2pMessagingProfile: "RNb0d4771c2c98518d916a3d4cd70a8f8b",
  soleProprietorA2pProfile: "RN670d5d2e282a6130ae063b234b6019c8",
} as const;

interface Requirement {
  name: string;
  friendlyName: string;
  objectType: "end_user" | "supporting_document" | "customer_profile";
  /** The end-user or supporting-document type; for a customer profile, the policies it may have. */
  type?: string;
  policies?: string[];
  /** A customer profile requirement met only by a twilio-approved profile (the primary). */
  approved?: boolean;
  fields?: { name: string; label: string; oneOf?: string[] }[];
}

const ADDRESS_DOCUMENT: Requirement = {
  name: "customer_profile_address",
  friendlyName: "Business Address",
  objectType: "supporting_document",
  type: "customer_profile_address",
  fields: [{ name: "address_sids", label: "Address" }],
};
const PRIMARY_PROFILE: Requirement = {
  name: "primary_customer_profile",
  friendlyName: "Primary Customer Profile",
  objectType: "customer_profile",
  policies: [POLICY.primaryCustomerProfile],
  approved: true,
};
const PERSON = [
  { name: "first_name", label: "First Name" },
  { name: "last_name", label: "Last Name" },
  { name: "email", label: "Email" },
  { name: "phone_number", label: "Phone Number" },
];

/** What each policy asks for (the subset of Twilio's requirements the ISV flow fills). */
export const POLICIES: Record<string, { bundle: "customer_profile" | "trust_product"; requirements: Requirement[] }> = {
  [POLICY.primaryCustomerProfile]: { bundle: "customer_profile", requirements: [] },
  [POLICY.secondaryCustomerProfile]: {
    bundle: "customer_profile",
    requirements: [
      {
        name: "business_info",
        friendlyName: "Business Information",
        objectType: "end_user",
        type: "customer_profile_business_information",
        fields: [
          { name: "business_name", label: "Business Name" },
          { name: "business_identity", label: "Business Identity", oneOf: ["direct_customer", "isv_reseller_or_partner", "unknown"] },
          { name: "business_type", label: "Business Type" },
          { name: "business_industry", label: "Business Industry" },
          { name: "business_registration_identifier", label: "Business Registration ID Type" },
          { name: "business_registration_number", label: "Business Registration Number" },
          { name: "business_regions_of_operation", label: "Business Regions of Operation" },
          { name: "website_url", label: "Website URL" },
        ],
      },
      {
        name: "authorized_representative_1",
        friendlyName: "Authorized Representative 1",
        objectType: "end_user",
        type: "authorized_representative_1",
        fields: [
          ...PERSON,
          { name: "business_title", label: "Business Title" },
          { name: "job_position", label: "Job Position", oneOf: ["Director", "GM", "VP", "CEO", "CFO", "General Counsel", "Other"] },
        ],
      },
      ADDRESS_DOCUMENT,
      PRIMARY_PROFILE,
    ],
  },
  [POLICY.starterCustomerProfile]: {
    bundle: "customer_profile",
    requirements: [
      {
        name: "starter_customer_profile_information",
        friendlyName: "Starter Customer Profile Information",
        objectType: "end_user",
        type: "starter_customer_profile_information",
        fields: PERSON,
      },
      ADDRESS_DOCUMENT,
      PRIMARY_PROFILE,
    ],
  },
  [POLICY.a2pMessagingProfile]: {
    bundle: "trust_product",
    requirements: [
      {
        name: "us_a2p_messaging_profile_information",
        friendlyName: "US A2P Messaging Profile Information",
        objectType: "end_user",
        type: "us_a2p_messaging_profile_information",
        fields: [{ name: "company_type", label: "Company Type", oneOf: ["private", "public", "non-profit", "government"] }],
      },
      { name: "customer_profile", friendlyName: "Secondary Customer Profile", objectType: "customer_profile", policies: [POLICY.secondaryCustomerProfile] },
    ],
  },
  [POLICY.soleProprietorA2pProfile]: {
    bundle: "trust_product",
    requirements: [
      {
        name: "sole_proprietor_information",
        friendlyName: "Sole Proprietor Information",
        objectType: "end_user",
        type: "sole_proprietor_information",
        fields: [
          { name: "brand_name", label: "Brand Name" },
          { name: "mobile_phone_number", label: "Mobile Phone Number" },
        ],
      },
      { name: "customer_profile", friendlyName: "Starter Customer Profile", objectType: "customer_profile", policies: [POLICY.starterCustomerProfile] },
    ],
  },
};

/** End-user and supporting-document types TrustHub accepts in this flow. */
export const END_USER_TYPES = new Set(
  Object.values(POLICIES).flatMap((policy) =>
    policy.requirements.filter((requirement) => requirement.objectType === "end_user").map((requirement) => requirement.type),
  ),
);
export const DOCUMENT_TYPES = new Set(["customer_profile_address"]);

/** Error codes of the fake's evaluation results (modelled on TrustHub's: a missing item, a missing or invalid field). */
export const EVALUATION_CODES = { missingItem: 22214, missingField: 22215, invalidField: 22216 } as const;

export interface EvaluationResult {
  friendly_name: string;
  object_type: string;
  passed: boolean;
  failure_reason: string | null;
  error_code: number | null;
  valid: { friendly_name: string; object_field: string; failure_reason: null; error_code: null }[];
  invalid: { friendly_name: string; object_field: string; failure_reason: string; error_code: number }[];
  requirement_friendly_name: string;
  requirement_name: string;
}

/**
 * Evaluates a bundle against its policy: each requirement is met by one assigned object of the
 * right type whose attributes are all present (and within Twilio's values where it has a list).
 */
export function evaluateBundle(policySid: string, assigned: FakeResource[]): { status: "compliant" | "noncompliant"; results: EvaluationResult[] } {
  const policy = POLICIES[policySid];
  const results = (policy?.requirements ?? []).map((requirement) => evaluateRequirement(requirement, assigned));
  return { status: results.every((result) => result.passed) ? "compliant" : "noncompliant", results };
}

function evaluateRequirement(requirement: Requirement, assigned: FakeResource[]): EvaluationResult {
  const base = {
    friendly_name: requirement.friendlyName,
    object_type: requirement.objectType,
    requirement_friendly_name: requirement.friendlyName,
    requirement_name: requirement.name,
  };
  const candidate = assigned.find((resource) => matches(requirement, resource));
  if (!candidate) {
    const approved = requirement.approved ? " (Twilio Approved)" : "";
    return {
      ...base,
      passed: false,
      failure_reason: `A ${requirement.friendlyName}${approved} is missing. Please add one to the bundle.`,
      error_code: EVALUATION_CODES.missingItem,
      valid: [],
      invalid: [],
    };
  }
  const attributes = (candidate.json.attributes ?? {}) as Record<string, unknown>;
  const valid: EvaluationResult["valid"] = [];
  const invalid: EvaluationResult["invalid"] = [];
  for (const field of requirement.fields ?? []) {
    const value = attributes[field.name];
    const present = Array.isArray(value) ? value.length > 0 : typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
    if (!present) {
      invalid.push({
        friendly_name: field.label,
        object_field: field.name,
        failure_reason: `The ${field.label} is missing. Please enter in a ${field.label} on the ${requirement.friendlyName}.`,
        error_code: EVALUATION_CODES.missingField,
      });
    } else if (field.oneOf && !field.oneOf.includes(String(value))) {
      invalid.push({
        friendly_name: field.label,
        object_field: field.name,
        failure_reason: `The ${field.label} is invalid. Use one of: ${field.oneOf.join(", ")}.`,
        error_code: EVALUATION_CODES.invalidField,
      });
    } else {
      valid.push({ friendly_name: field.label, object_field: field.name, failure_reason: null, error_code: null });
    }
  }
  const passed = invalid.length === 0;
  return {
    ...base,
    passed,
    failure_reason: passed ? null : `The ${requirement.friendlyName} is incomplete or invalid.`,
    error_code: passed ? null : (invalid[0]?.error_code ?? null),
    valid,
    invalid,
  };
}

function matches(requirement: Requirement, resource: FakeResource): boolean {
  switch (requirement.objectType) {
    case "end_user":
      return resource.kind === "end_user" && resource.json.type === requirement.type;
    case "supporting_document":
      return resource.kind === "supporting_document" && resource.json.type === requirement.type;
    case "customer_profile":
      return (
        resource.kind === "customer_profile" &&
        (requirement.policies ?? []).includes(String(resource.json.policy_sid)) &&
        (!requirement.approved || resource.json.status === "twilio-approved")
      );
  }
}
