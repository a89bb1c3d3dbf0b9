// The texting registration saga's decisions on what the provider reports (docs/texting-registration.md
// C3, A5): pure, so every Twilio status is a row in a test.
import type { BrandSnapshot, CampaignSnapshot, RegistrationError } from "@rebound/providers/telephony";
import type { TextingRegistrationKindName } from "@rebound/contracts/domain";

/** What to do after a fetch of the brand. */
export type BrandOutcome = { kind: "wait" } | { kind: "needs_verification" } | { kind: "approved" } | { kind: "failed"; code: string | null; reason: string };

/** What to do after a fetch of the campaign. */
export type CampaignOutcome = { kind: "wait" } | { kind: "approved" } | { kind: "failed"; code: string | null; reason: string };

const STANDARD_VERIFIED = new Set(["VERIFIED", "VETTED_VERIFIED", "SELF_DECLARED"]);
const BRAND_FAILED = new Set(["FAILED", "SUSPENDED", "DELETION_PENDING", "DELETION_FAILED"]);
const CAMPAIGN_FAILED = new Set(["FAILED", "SUSPENDED"]);

/** What the owner can change for a provider error code (A7, A4, B6); empty when we have no advice. */
const FIXES: Readonly<Record<string, string>> = {
  "30795": "Check your EIN: it must be the 9-digit number on your IRS letter, under your legal business name.",
  "30799": "Check that your legal name, address and website match your IRS records, and that the website is live on https://.",
  "30801": "Check your business address: it must match your IRS records.",
  "30752": "Ask for a new verification text and reply YES within 24 hours.",
  "30893": 'Your texts must name your business and say how to opt out (e.g. "Reply STOP to opt out."). Update your messages in Configure, then submit again.',
  "30886": "Your messages must describe one purpose. Update your messages in Configure, then submit again.",
  "30889": "Remove phone numbers from your messages, or keep only your business's own number, then submit again.",
  "30885": "This registration cannot be submitted again. Contact support.",
  "30991": "Confirm your registration from your mobile first (reply YES to the verification text).",
};

/** Words for the owner: the provider's descriptions, then what to fix; a fallback when there are none. */
export function failureWords(errors: readonly RegistrationError[], fallback: string): { code: string | null; reason: string } {
  const first = errors[0];
  const descriptions = [...new Set(errors.map((error) => error.description.trim()).filter(Boolean))];
  const fixes = [...new Set(errors.map((error) => FIXES[error.code]).filter((fix): fix is string => fix !== undefined))];
  const said = descriptions.length > 0 ? descriptions.join(" ") : fallback;
  const reason = [said, ...fixes].map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(" ");
  return { code: first?.code ?? null, reason };
}

export function brandOutcome(kind: TextingRegistrationKindName, brand: BrandSnapshot): BrandOutcome {
  const status = brand.status.toUpperCase();
  const identity = brand.identityStatus.toUpperCase();
  if (BRAND_FAILED.has(status)) return { kind: "failed", ...failureWords(brand.errors, "The carriers refused your brand registration") };
  if (status !== "APPROVED") return { kind: "wait" };
  switch (kind) {
    case "standard":
      if (STANDARD_VERIFIED.has(identity)) return { kind: "approved" };
      return {
        kind: "failed",
        ...failureWords(brand.errors, "The carriers could not verify your business's identity. Check that your details match your IRS records"),
      };
    case "sole_proprietor":
      return identity === "VERIFIED" ? { kind: "approved" } : { kind: "needs_verification" };
    default: {
      const unknown: never = kind;
      throw new Error(`unknown registration kind ${String(unknown)}`);
    }
  }
}

export function campaignOutcome(campaign: CampaignSnapshot): CampaignOutcome {
  const status = campaign.campaignStatus.toUpperCase();
  if (status === "VERIFIED") return { kind: "approved" };
  if (CAMPAIGN_FAILED.has(status)) return { kind: "failed", ...failureWords(campaign.errors, "The carriers refused your texting campaign") };
  return { kind: "wait" };
}
