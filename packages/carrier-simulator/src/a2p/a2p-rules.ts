// What the rules read and answer: a view of the carrier (registration records, numbers, the main
// account) and a ruling, either the journal entry to write or Twilio's refusal. Pure.
import type { ProviderAccount } from "@rebound/providers/telephony";
import type { A2pState } from "./a2p-records";

/** A request Twilio refuses outright (its HTTP status, error code when it has one, and message). */
export interface Refusal {
  httpStatus: number;
  code?: string;
  message: string;
}

export type Ruling<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const allow = <T>(value: T): Ruling<T> => ({ ok: true, value });
export const refuse = <T = never>(httpStatus: number, message: string, code?: string): Ruling<T> => ({
  ok: false,
  refusal: { httpStatus, message, ...(code ? { code } : {}) },
});

/** A number as the rules see it: absent accountSid is the main account's. */
export interface ViewedNumber {
  sid: string;
  phoneNumber: string;
  accountSid?: string;
  released: boolean;
}

export interface RegistrationView {
  readonly a2p: A2pState;
  /** The main (parent) account: its numbers have no accountSid. */
  readonly main: ProviderAccount;
  numberBySid(sid: string): ViewedNumber | undefined;
  activeNumber(phoneNumber: string): ViewedNumber | undefined;
}

/** Delays of the simulated vetting (the simulator's options a2pBrandApprovalMs / a2pCampaignApprovalMs). */
export interface A2pTimings {
  brandApprovalMs: number;
  campaignApprovalMs: number;
}

/** Twilio's answer to a resource outside the account: 404, code 20404. */
export const notFound = <T = never>(path: string): Ruling<T> => refuse(404, `The requested resource ${path} was not found`, "20404");

/** The main account's sid as the owner of a number or message (records keep it absent). */
export function ownerOf(view: RegistrationView, accountSid: string | undefined): string {
  return accountSid ?? view.main.accountSid;
}

/** HTTP basic auth with an account's sid and primary token (Twilio: 401, code 20003, "Authenticate"). */
export function authenticate(view: RegistrationView, account: ProviderAccount): Ruling<string> {
  if (account.accountSid === view.main.accountSid && account.authToken === view.main.authToken) return allow(account.accountSid);
  const known = view.a2p.accounts.get(account.accountSid);
  if (!known || known.authToken !== account.authToken) return refuse(401, "Authenticate", "20003");
  return allow(known.sid);
}

/** The account a scoped v2010 request names exists (absent or the main sid: the main account). */
export function scopeAccount(view: RegistrationView, accountSid: string | undefined, resource: string): Ruling<string | undefined> {
  if (accountSid === undefined || accountSid === view.main.accountSid) return allow(undefined);
  if (!view.a2p.accounts.has(accountSid)) return notFound(`/2010-04-01/Accounts/${accountSid}/${resource}`);
  return allow(accountSid);
}

/**
 * A text's From must be a number of the sending account. A subaccount sends only from its own
 * numbers; the main account may not use a subaccount's number. (The main account may still send
 * from a number it never bought: every test and journey before registration does; the 30034 rule
 * covers what carriers do with such texts.) Twilio: 400, 21606.
 */
export function senderRefusal(
  view: RegistrationView,
  request: { from: string; accountSid?: string; messagingServiceSid?: string },
): Ruling<string | undefined> {
  const scope = scopeAccount(view, request.accountSid, "Messages.json");
  if (!scope.ok) return scope;
  const number = view.activeNumber(request.from);
  const foreign = number ? number.accountSid !== scope.value : scope.value !== undefined;
  if (foreign)
    return refuse(400, `The From phone number ${request.from} is not a valid, SMS-capable inbound phone number or short code for your account.`, "21606");
  if (request.messagingServiceSid !== undefined) {
    const service = view.a2p.services.get(request.messagingServiceSid);
    if (!service || service.accountSid !== ownerOf(view, scope.value)) return notFound(`/v1/Services/${request.messagingServiceSid}`);
  }
  return allow(scope.value);
}
