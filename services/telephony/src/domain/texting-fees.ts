// The carriers' registration fees (A2P 10DLC) shown on the texting registration card: one place, so a
// price change is a change of this file. Twilio's table (docs/texting-registration.md A9); the plan
// includes them (billing "included", docs/decisions.md): "No setup fees" stays true.
import type { TextingRegistrationKindName, TextingRegistrationView } from "@rebound/contracts/domain";

export type TextingFees = TextingRegistrationView["fees"];

const ONE_TIME: TextingFees["oneTime"] = [
  { label: "Brand registration (one time)", amountUsd: 4 },
  { label: "Campaign vetting (one time)", amountUsd: 15 },
];

const MONTHLY: Record<TextingRegistrationKindName, TextingFees["monthly"]> = {
  standard: [{ label: "Campaign (monthly)", amountUsd: 1.5 }],
  sole_proprietor: [{ label: "Campaign (monthly)", amountUsd: 2 }],
};

/** The fees of a registration of `kind` (standard's before the owner chose). */
export function textingFees(kind: TextingRegistrationKindName | null): TextingFees {
  return { billing: "included", oneTime: ONE_TIME, monthly: MONTHLY[kind ?? "standard"] };
}
