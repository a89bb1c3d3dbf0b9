import type { BrandSnapshot, CampaignSnapshot, RegistrationError } from "@rebound/providers/telephony";

/** What the SDK's BrandRegistrationInstance carries that a snapshot needs (camelCase fields of Twilio's JSON). */
export interface BrandRegistrationFields {
  sid: string;
  status?: string | null;
  identityStatus?: string | null;
  brandType?: string | null;
  errors?: unknown;
  failureReason?: string | null;
}

/** What the SDK's UsAppToPersonInstance carries that a snapshot needs. */
export interface CampaignFields {
  sid: string;
  campaignStatus?: string | null;
  errors?: unknown;
}

function text(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

function firstOf(record: Record<string, unknown>, names: string[]): unknown {
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

/**
 * Twilio's `errors[]` of a brand or campaign as {code, description}. The REST item's spelling is not
 * pinned down by Twilio's reference (the SDK types it `any`), so `code`/`error_code` and
 * `description`/`message` are all read. A FAILED brand whose errors are empty still explains itself
 * in `failure_reason` (deprecated but documented, e.g. "Unable to fetch A2P Bundle Details ..."): it
 * becomes one error without a code.
 */
export function registrationErrors(errors: unknown, failureReason?: unknown): RegistrationError[] {
  const parsed = (Array.isArray(errors) ? errors : [])
    .map((item): RegistrationError => {
      if (typeof item !== "object" || item === null) return { code: "", description: text(item) };
      const record = item as Record<string, unknown>;
      return {
        code: text(firstOf(record, ["code", "error_code", "errorCode", "registrationerrorcode"])),
        description: text(firstOf(record, ["description", "message", "error_message", "failure_reason", "registrationerrordescription"])),
      };
    })
    .filter((error) => error.code !== "" || error.description !== "");
  if (parsed.length === 0 && typeof failureReason === "string" && failureReason.trim() !== "") {
    parsed.push({ code: "", description: failureReason });
  }
  return parsed;
}

/** A brand registration as the contract reports it: Twilio's strings verbatim ("" when Twilio has none yet). */
export function brandSnapshot(brand: BrandRegistrationFields): BrandSnapshot {
  return {
    sid: brand.sid,
    status: text(brand.status),
    identityStatus: text(brand.identityStatus),
    brandType: text(brand.brandType),
    errors: registrationErrors(brand.errors, brand.failureReason),
  };
}

export function campaignSnapshot(campaign: CampaignFields): CampaignSnapshot {
  return { sid: campaign.sid, campaignStatus: text(campaign.campaignStatus), errors: registrationErrors(campaign.errors) };
}
