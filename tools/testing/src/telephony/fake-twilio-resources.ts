import { randomBytes } from "node:crypto";

/** An account of the fake: the main account, or a subaccount (`ownerAccountSid` set) created through the API. */
export interface FakeAccount {
  sid: string;
  /** Secret: the fake never records it in `requests`. */
  authToken: string;
  /** The parent account of a subaccount; undefined for a main account. */
  ownerAccountSid?: string;
  friendlyName: string;
  status: "active" | "suspended" | "closed";
  createdAt: number;
}

/** A message the fake accepted, with the epoch ms at which the request arrived. */
export interface FakeMessage {
  sid: string;
  /** The account whose path it was sent on (a subaccount when sent as one). */
  accountSid: string;
  from: string;
  to: string;
  body: string;
  status: string;
  statusCallback?: string;
  /** MessagingServiceSid of the request, when sent through a messaging service. */
  messagingServiceSid?: string;
  errorCode?: number;
  receivedAt: number;
  /** outbound-api (sent through the API, the default) or inbound (a caller's text: addInboundMessage). */
  direction?: "outbound-api" | "inbound";
}

export interface FakeNumber {
  sid: string;
  /** The account that bought it (the path's account: a subaccount when bought in one). */
  accountSid: string;
  phoneNumber: string;
  voiceUrl?: string;
  smsUrl?: string;
  statusCallback?: string;
  released: boolean;
}

/** A call recording (a voicemail) the fake holds: added by a test (addRecording), served as media, deleted through the API. */
export interface FakeRecording {
  sid: string;
  /** The account that holds it (a subaccount for a subaccount's number). */
  accountSid: string;
  callSid: string;
  /** What GET .../Recordings/{sid}.wav answers. */
  audio: Buffer;
  contentType: string;
  /** The media answers 302 to an unauthenticated URL first, as media storage may. */
  redirect: boolean;
  deleted: boolean;
}

export interface FakeCall {
  sid: string;
  from: string;
  to: string;
  timeout?: number;
  twiml?: string;
  statusCallback?: string;
  receivedAt: number;
  /** The account whose path it belongs to (absent: the main account). */
  accountSid?: string;
  /** outbound-api (placed through the API, the default) or inbound (a caller's call: addInboundCall). */
  direction?: "outbound-api" | "inbound";
  status?: string;
  /** Epoch ms the call started (absent: not started yet, start_time null). */
  startTime?: number;
  forwardedFrom?: string;
}

/**
 * Twilio's SID prefixes: messages, numbers, calls, accounts, recordings (RE); TrustHub bundles (customer profiles and
 * trust products), end users, supporting documents, entity assignments, evaluations; addresses; brand
 * registrations, messaging services, campaigns (UsAppToPerson).
 */
export type SidPrefix = "SM" | "PN" | "CA" | "AC" | "BU" | "IT" | "RD" | "BV" | "EL" | "AD" | "BN" | "MG" | "QE" | "RE";

/** Twilio-style ids: a two-letter prefix and 32 hex digits. */
export function fakeSid(prefix: SidPrefix): string {
  return `${prefix}${randomBytes(16).toString("hex")}`;
}

/** The ISO 8601 dates of Twilio's newer APIs (TrustHub, Messaging v1): `2026-01-05T15:00:00Z`. */
export function iso8601(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The RFC 2822 dates Twilio's JSON uses (`Mon, 05 Jan 2026 15:00:00 +0000`). */
export function rfc2822(ms: number): string {
  return new Date(ms).toUTCString().replace("GMT", "+0000");
}

const PAGE_META = { first_page_uri: "", next_page_uri: null, previous_page_uri: null, page: 0, start: 0 };

export function page<T>(key: string, items: T[], uri: string): Record<string, unknown> {
  return { [key]: items, ...PAGE_META, page_size: items.length, end: Math.max(items.length - 1, 0), uri };
}

export function messageJson(message: FakeMessage): Record<string, unknown> {
  return {
    sid: message.sid,
    account_sid: message.accountSid,
    api_version: "2010-04-01",
    body: message.body,
    date_created: rfc2822(message.receivedAt),
    date_updated: rfc2822(message.receivedAt),
    date_sent: rfc2822(message.receivedAt),
    direction: message.direction ?? "outbound-api",
    error_code: message.errorCode ?? null,
    error_message: null,
    from: message.from,
    to: message.to,
    messaging_service_sid: message.messagingServiceSid ?? null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    status: message.status,
    uri: `/2010-04-01/Accounts/${message.accountSid}/Messages/${message.sid}.json`,
  };
}

export function numberJson(number: FakeNumber): Record<string, unknown> {
  const accountSid = number.accountSid;
  return {
    sid: number.sid,
    account_sid: accountSid,
    phone_number: number.phoneNumber,
    friendly_name: number.phoneNumber,
    voice_url: number.voiceUrl ?? null,
    voice_method: "POST",
    sms_url: number.smsUrl ?? null,
    sms_method: "POST",
    status_callback: number.statusCallback ?? null,
    status_callback_method: "POST",
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    status: "in-use",
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${number.sid}.json`,
  };
}

export function callJson(accountSid: string, call: FakeCall): Record<string, unknown> {
  return {
    sid: call.sid,
    account_sid: accountSid,
    from: call.from,
    to: call.to,
    status: call.status ?? "queued",
    direction: call.direction ?? "outbound-api",
    forwarded_from: call.forwardedFrom ?? null,
    start_time: call.startTime === undefined ? null : rfc2822(call.startTime),
    date_created: rfc2822(call.receivedAt),
    uri: `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`,
  };
}

/** An account as Twilio's 2010 API answers it; the auth token only in the answer to its creation (and fetch), as Twilio does. */
export function accountJson(account: FakeAccount): Record<string, unknown> {
  const uri = `/2010-04-01/Accounts/${account.sid}.json`;
  return {
    sid: account.sid,
    auth_token: account.authToken,
    owner_account_sid: account.ownerAccountSid ?? account.sid,
    friendly_name: account.friendlyName,
    status: account.status,
    type: "Full",
    date_created: rfc2822(account.createdAt),
    date_updated: rfc2822(account.createdAt),
    uri,
    subresource_uris: {
      addresses: uri.replace(".json", "/Addresses.json"),
      incoming_phone_numbers: uri.replace(".json", "/IncomingPhoneNumbers.json"),
      messages: uri.replace(".json", "/Messages.json"),
    },
  };
}

/** Numbers the fake offers for an area code: stable, with Twilio's capability spelling. */
export function availableNumbersJson(areaCode: string, count: number, taken: Set<string>): Record<string, unknown>[] {
  const numbers: Record<string, unknown>[] = [];
  for (let index = 0; numbers.length < count && index < 100; index++) {
    const phoneNumber = `+1${areaCode}555${String(1000 + index * 7).padStart(4, "0")}`;
    if (taken.has(phoneNumber)) continue;
    numbers.push({
      friendly_name: phoneNumber,
      phone_number: phoneNumber,
      locality: "Fakeville",
      region: "CA",
      iso_country: "US",
      capabilities: { voice: true, SMS: true, MMS: index % 3 !== 0 },
    });
  }
  return numbers;
}

/**
 * Twilio's date inequality filters (`StartTime>=`, `DateSent>=`; the SDK sends `YYYY-MM-DDTHH:mm:ssZ`): documented
 * as "on or after midnight of this date", so the fake keeps the date only, the coarsest reading; the adapter must
 * narrow to the instant itself. Undefined when absent or unreadable.
 */
export function dateFilterFloor(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  if (!date) return undefined;
  const floor = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(floor) ? undefined : floor;
}

/**
 * One page of a 2010 list as Twilio answers it: PageSize (default 50, at most 1,000) and Page from the query,
 * `next_page_uri` (with Page and a PageToken) while more remain, null on the last page.
 */
export function pagedList<T>(key: string, items: T[], path: string, query: Record<string, unknown>): Record<string, unknown> {
  const pageSize = Math.min(Math.max(Number(query.PageSize ?? 50) || 50, 1), 1_000);
  const pageNumber = Math.max(Number(query.Page ?? 0) || 0, 0);
  const start = pageNumber * pageSize;
  const slice = items.slice(start, start + pageSize);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === "Page" || name === "PageToken" || typeof value !== "string") continue;
    params.set(name, value);
  }
  const uriOf = (pageIndex: number) => {
    const next = new URLSearchParams(params);
    next.set("PageSize", String(pageSize));
    next.set("Page", String(pageIndex));
    if (pageIndex > 0) next.set("PageToken", `PA${String(start + pageSize)}`);
    return `${path}?${next.toString()}`;
  };
  return {
    [key]: slice,
    first_page_uri: uriOf(0),
    next_page_uri: start + pageSize < items.length ? uriOf(pageNumber + 1) : null,
    previous_page_uri: pageNumber > 0 ? uriOf(pageNumber - 1) : null,
    page: pageNumber,
    page_size: pageSize,
    start,
    end: start + Math.max(slice.length - 1, 0),
    uri: uriOf(pageNumber),
  };
}
