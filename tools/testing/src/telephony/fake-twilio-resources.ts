import { randomBytes } from "node:crypto";

/** A message the fake accepted, with the epoch ms at which the request arrived. */
export interface FakeMessage {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string;
  status: string;
  statusCallback?: string;
  errorCode?: number;
  receivedAt: number;
}

export interface FakeNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl?: string;
  smsUrl?: string;
  statusCallback?: string;
  released: boolean;
}

export interface FakeCall {
  sid: string;
  from: string;
  to: string;
  timeout?: number;
  twiml?: string;
  statusCallback?: string;
  receivedAt: number;
}

/** Twilio-style ids: a two-letter prefix and 32 hex digits. */
export function fakeSid(prefix: "SM" | "PN" | "CA" | "AC"): string {
  return `${prefix}${randomBytes(16).toString("hex")}`;
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
    direction: "outbound-api",
    error_code: message.errorCode ?? null,
    error_message: null,
    from: message.from,
    to: message.to,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    status: message.status,
    uri: `/2010-04-01/Accounts/${message.accountSid}/Messages/${message.sid}.json`,
  };
}

export function numberJson(accountSid: string, number: FakeNumber): Record<string, unknown> {
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
    status: "queued",
    direction: "outbound-api",
    date_created: rfc2822(call.receivedAt),
    uri: `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`,
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
