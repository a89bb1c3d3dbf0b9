// What the texting registration's campaign says (docs/texting-registration.md A7, C4): who sends, why,
// how a caller comes to get a text, and samples built from the business's own texts, so what is
// registered is what is sent.
import { renderMessage, type TextingRegistrationKindName } from "@rebound/contracts/domain";
import type { CampaignRequest } from "@rebound/providers/telephony";

export interface CampaignBusiness {
  /** The name texts go out under (the business name, else the owner's). */
  name: string;
  website: string;
  email: string;
  emergencyNumber: string;
  /** The owner's missed-call text; empty: the fallback sample. */
  smsMessage: string;
  afterHoursMessage: string;
  afterHoursEnabled: boolean;
}

/** What the campaign says, built from the owner's texts; the saga adds the service and brand sids. */
export type CampaignContent = Omit<CampaignRequest, "messagingServiceSid" | "brandSid">;

export const OPT_OUT_SUFFIX = " Reply STOP to opt out.";
const OPT_OUT_WORDING = /\b(stop|opt[ -]?out|unsubscribe)\b/i;
const FALLBACK_SAMPLE = "Thanks for calling [Business Name]! Sorry we missed your call. We'll call you back as soon as we can.";
const FOLLOW_UP_SAMPLE = "Hi, this is [Business Name]. We saw your missed call: reply here with what you need and we'll get back to you today.";

/** A sample as it is sent: it names the business and ends with opt-out wording when it has none. */
export function compliantSample(template: string, business: CampaignBusiness): string {
  let text = renderMessage(template, {
    businessName: business.name,
    website: business.website,
    email: business.email,
    emergencyNumber: business.emergencyNumber,
  });
  if (!text.toLowerCase().includes(business.name.toLowerCase())) text = `${business.name}: ${text}`;
  if (!OPT_OUT_WORDING.test(text)) text = `${text}${OPT_OUT_SUFFIX}`;
  return text.slice(0, 1024);
}

export function campaignContent(kind: TextingRegistrationKindName, business: CampaignBusiness, publicBaseUrl: string): CampaignContent {
  const templates = [business.smsMessage.trim() || FALLBACK_SAMPLE];
  if (business.afterHoursEnabled && business.afterHoursMessage.trim()) templates.push(business.afterHoursMessage.trim());
  templates.push(FOLLOW_UP_SAMPLE);
  const messageSamples = [...new Set(templates.map((template) => compliantSample(template, business)))].slice(0, 3);
  if (messageSamples.length < 2) messageSamples.push(compliantSample(FALLBACK_SAMPLE, business));
  const all = messageSamples.join(" ");
  return {
    usecase: kind === "sole_proprietor" ? "SOLE_PROPRIETOR" : "LOW_VOLUME",
    description:
      `${business.name} sends one text message to a person who called ${business.name}'s business phone and whose call was missed, ` +
      "so the caller knows the business received the call and can reply. Sent by Rebound, the missed-call text-back service the business uses; " +
      "no marketing and no other messages.",
    messageFlow:
      `A caller phones ${business.name}'s business number. When the business misses the call, the caller receives one text reply ` +
      "from the business's number, once per missed call (message frequency: one message per missed call). Calling the business is the " +
      "opt-in: no marketing is sent and numbers are never shared. Msg & data rates may apply. Reply STOP to opt out, HELP for help.",
    messageSamples,
    hasEmbeddedLinks: /https?:\/\/|www\./i.test(all),
    hasEmbeddedPhone: /\+?\d[\d\s().-]{8,}\d/.test(all),
    optOutKeywords: ["STOP", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"],
    optOutMessage: `You have been unsubscribed from ${business.name} texts and will receive no more messages. Reply START to resubscribe.`,
    helpKeywords: ["HELP", "INFO"],
    helpMessage: `${business.name}: we text you once after a missed call. Msg & data rates may apply. Reply STOP to opt out.`,
    privacyPolicyUrl: `${publicBaseUrl}/privacy`,
    termsAndConditionsUrl: `${publicBaseUrl}/terms`,
  };
}
