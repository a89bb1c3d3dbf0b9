import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import twilio from "twilio";
import { DEV_AUTH_TOKEN, OwnerClient, postVoiceWebhook, simulatorMessages, startTestStandalone } from "./standalone-harness";

// Issue 16: Twilio's voice, call-status and SMS webhooks always get TwiML (text/xml; SMS status callbacks a 204), never JSON, even
// when a signed request lacks a required field; a bad signature stays a 403. Through the gateway.
jest.setTimeout(120_000);

const NO_TEXT_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry we missed your call. Please call again later.</Say><Hangup/></Response>';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

describe("Twilio voice webhooks answer TwiML for any signed form (through the gateway)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let dedicatedNumber: string;

  const count = async (table: string): Promise<number> => {
    const [row] = await app.runtime.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    return row?.n ?? -1;
  };
  const signedPost = (pathAndQuery: string, params: Record<string, string>, signature?: string): Promise<Response> => {
    const url = `${app.url}${pathAndQuery}`;
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signature ?? twilio.getExpectedTwilioSignature(DEV_AUTH_TOKEN, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
  };

  beforeAll(async () => {
    app = await startTestStandalone();
    const owner = new OwnerClient(app.url);
    await owner.signUp("twiml-owner@example.com");
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]?.phoneNumber as string;
    expect((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("a signed voice webhook without CallSid, without To, with To twice or empty answers the no-text TwiML (was a JSON 400) and records nothing", async () => {
    const caller = "+15551238001";
    const callsBefore = await count("telephony.calls");
    const forms: Array<Record<string, string> | URLSearchParams> = [
      { From: caller, To: dedicatedNumber, CallStatus: "ringing" },
      { CallSid: "CAmissingto0000000000000000000001", From: caller },
      { CallSid: "", To: dedicatedNumber, From: caller },
      {},
    ];
    for (const params of forms) {
      const res = await postVoiceWebhook(app.url, params as Record<string, string>);
      expect([params, res.status, res.headers.get("content-type")]).toEqual([params, 200, expect.stringContaining("text/xml")]);
      expect(await res.text()).toBe(NO_TEXT_TWIML);
    }
    // To sent twice arrives as an array: not a call either
    const url = `${app.url}/webhooks/twilio/voice`;
    const twice = new URLSearchParams([
      ["CallSid", "CAtwiceto000000000000000000000001"],
      ["To", dedicatedNumber],
      ["To", dedicatedNumber],
      ["From", caller],
    ]);
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(DEV_AUTH_TOKEN, url, {
          CallSid: "CAtwiceto000000000000000000000001",
          To: [dedicatedNumber, dedicatedNumber],
          From: caller,
        }),
      },
      body: twice.toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/xml");
    expect(await res.text()).toBe(NO_TEXT_TWIML);

    await sleep(500); // a CallMissed would have texted the caller by now
    expect(await count("telephony.calls")).toBe(callsBefore);
    expect(await simulatorMessages(app.url, caller)).toEqual([]);
  });

  it("a complete signed voice webhook is still answered and recorded as before", async () => {
    const callsBefore = await count("telephony.calls");
    const res = await postVoiceWebhook(app.url, {
      CallSid: "CAcomplete000000000000000000000001",
      From: "+15551238002",
      To: dedicatedNumber,
      CallStatus: "ringing",
      Direction: "inbound",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<Response><Say>");
    expect(await count("telephony.calls")).toBe(callsBefore + 1);
  });

  it("a signed call-status callback answers empty TwiML, with or without its fields, and a missing CallStatus records nothing", async () => {
    const testsBefore = await app.runtime.database.query("SELECT * FROM telephony.forwarding_tests ORDER BY id");
    for (const [path, params] of [
      [`/webhooks/twilio/call-status?testId=${randomUUID()}`, { CallSid: "CAstatus0000000000000000000000001" }],
      [`/webhooks/twilio/call-status?testId=${randomUUID()}`, {}],
      [`/webhooks/twilio/call-status?testId=${randomUUID()}`, { CallSid: "CAstatus0000000000000000000000002", CallStatus: "completed" }],
      ["/webhooks/twilio/call-status", { CallStatus: "completed" }],
    ] as const) {
      const res = await signedPost(path, params);
      expect([path, res.status, res.headers.get("content-type")]).toEqual([path, 200, expect.stringContaining("text/xml")]);
      expect(await res.text()).toBe(EMPTY_TWIML);
    }
    expect(await app.runtime.database.query("SELECT * FROM telephony.forwarding_tests ORDER BY id")).toEqual(testsBefore);
  });

  it("a signed SMS webhook without the fields of a text answers empty TwiML and records nothing; a status callback without its fields answers 204", async () => {
    const inboundBefore = await count("messaging.inbound_sms");
    const texts: Record<string, string>[] = [
      {},
      { From: "+14155550100", To: dedicatedNumber },
      { MessageSid: "SMnofrom000000000000000000000001", Body: "HELP" },
    ];
    for (const params of texts) {
      const res = await signedPost("/webhooks/twilio/sms", params);
      expect([params, res.status, res.headers.get("content-type")]).toEqual([params, 200, expect.stringContaining("text/xml")]);
      expect(await res.text()).toBe(EMPTY_TWIML);
    }
    expect(await count("messaging.inbound_sms")).toBe(inboundBefore);
    // Which rows, not their contents: an earlier test's text may still be getting its sid and delivery.
    const smsRows = () => app.runtime.database.query("SELECT id FROM messaging.sms_logs ORDER BY id");
    const smsBefore = await smsRows();
    const statuses: Record<string, string>[] = [{}, { MessageSid: "SMunknown0000000000000000000000001" }, { MessageStatus: "delivered" }];
    for (const params of statuses) {
      const res = await signedPost("/webhooks/twilio/status", params);
      expect([params, res.status, await res.text()]).toEqual([params, 204, ""]);
    }
    expect(await smsRows()).toEqual(smsBefore);
  });

  it("a wrongly signed voice or call-status webhook is still a 403 and reaches no service", async () => {
    const callsBefore = await count("telephony.calls");
    for (const path of ["/webhooks/twilio/voice", "/webhooks/twilio/call-status?testId=x"]) {
      const res = await signedPost(path, { CallSid: "CAforged00000000000000000000000001", To: dedicatedNumber, From: "+15551238003" }, "forged");
      expect([path, res.status]).toEqual([path, 403]);
      expect(await res.json()).toMatchObject({ message: "Invalid Twilio signature" });
    }
    expect(await count("telephony.calls")).toBe(callsBefore);
  });
});
