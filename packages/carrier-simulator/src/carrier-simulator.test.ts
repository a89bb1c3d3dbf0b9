import twilio from "twilio";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSilentLogger } from "@rebound/platform";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { FileJournal, MemoryJournal, type CarrierJournal } from "./carrier-journal";
import { CarrierSimulator } from "./carrier-simulator";
import { WebhookReceiver } from "@rebound/testing/telephony";

const AUTH_TOKEN = "dev-auth-token";
const WEBHOOKS = { voiceUrl: "http://x/voice", smsUrl: "http://x/sms", statusCallbackUrl: "http://x/call-status" };
/**
 * Canadian callers: the US A2P 10DLC rule (usA2pRegistrationApplies) does not cover them, so a text from
 * an unregistered US number reaches them, and tests of the other delivery rules see those rules alone.
 */
const CANADIAN_CALLER = "+14165550001";
const CANADIAN_UNREACHABLE = "+14165550000";
const CANADIAN_TEXTER = "+14165550009";

describe("CarrierSimulator", () => {
  let receiver: WebhookReceiver;
  const simulators: CarrierSimulator[] = [];
  const create = (journal: CarrierJournal = new MemoryJournal()) => {
    const simulator = new CarrierSimulator({
      authToken: AUTH_TOKEN,
      publicBaseUrl: () => receiver.url,
      journal,
      logger: createSilentLogger(),
      deliveryStepMs: 2,
    });
    simulators.push(simulator);
    return simulator;
  };

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });

  afterEach(async () => {
    await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
    await receiver.close();
  });

  it("given an area code, when searching twice, then the same plausible numbers come back, minus bought ones", async () => {
    const simulator = create();

    const first = await simulator.searchLocalNumbers("212", { limit: 5 });
    const again = await simulator.searchLocalNumbers("212", { limit: 5 });

    expect(first).toHaveLength(5);
    expect(again).toEqual(first);
    expect(first[0]).toMatchObject({ phoneNumber: expect.stringMatching(/^\+1212[2-9]\d{6}$/), locality: "New York", region: "NY" });
    expect(first.every((number) => !number.phoneNumber.endsWith("0000"))).toBe(true);
    const bought = first[0]?.phoneNumber ?? "";
    await simulator.purchaseNumber(bought, WEBHOOKS);
    expect((await simulator.searchLocalNumbers("212", { limit: 5 })).map((number) => number.phoneNumber)).not.toContain(bought);
  });

  it("given a Canadian area code, when searching, then the locality and province are Canadian", async () => {
    const [number] = await create().searchLocalNumbers("416", { limit: 1 });

    expect(number).toMatchObject({ locality: "Toronto", region: "ON" });
  });

  it("given a bought number, when buying it again, then 21422; when releasing twice, then the second is 20404", async () => {
    const simulator = create();
    const purchased = await simulator.purchaseNumber("+12125550123", WEBHOOKS);

    await expect(simulator.purchaseNumber("+12125550123", WEBHOOKS)).rejects.toMatchObject({ code: "21422", retryable: false });
    await simulator.releaseNumber(purchased.sid);
    await expect(simulator.releaseNumber(purchased.sid)).rejects.toMatchObject({ code: "20404", options: { httpStatus: 404 } });
  });

  it("given an SMS with a status callback, when sent, then it answers queued at once and posts sent, delivered signed (no callback for the first status)", async () => {
    const simulator = create();
    const statusUrl = `${receiver.url}/webhooks/twilio/status`;

    const result = await simulator.sendSms({ from: "+12125550123", to: CANADIAN_CALLER, body: "Hi", statusCallbackUrl: statusUrl });

    expect(result).toEqual({ sid: expect.stringMatching(/^SM/), status: "queued" });
    const callbacks = await receiver.waitFor("/webhooks/twilio/status", 2);
    expect(callbacks.map((callback) => callback.params.MessageStatus)).toEqual(["sent", "delivered"]);
    for (const callback of callbacks) expect(isSignedBy(AUTH_TOKEN, callback.signature, statusUrl, callback.params)).toBe(true);
    expect(simulator.listMessages(CANADIAN_CALLER)[0]?.status).toBe("delivered");
  });

  it("given a recipient ending in 0000, when sent, then the message ends undelivered with error 30003", async () => {
    const simulator = create();

    await simulator.sendSms({ from: "+12125550123", to: CANADIAN_UNREACHABLE, body: "Hi", statusCallbackUrl: `${receiver.url}/webhooks/twilio/status` });

    const callbacks = await receiver.waitFor("/webhooks/twilio/status", 2);
    expect(callbacks[1]?.params).toMatchObject({ MessageStatus: "undelivered", ErrorCode: "30003" });
    expect(simulator.listMessages(CANADIAN_UNREACHABLE)[0]).toMatchObject({ status: "undelivered", errorCode: 30003 });
  });

  it("given an invalid recipient or empty body, when sending, then non-retryable provider errors", async () => {
    const simulator = create();

    await expect(simulator.sendSms({ from: "+12125550123", to: "555", body: "Hi" })).rejects.toMatchObject({ code: "21211", retryable: false });
    await expect(simulator.sendSms({ from: "+12125550123", to: "+15551230001", body: "" })).rejects.toBeInstanceOf(TelephonyProviderError);
  });

  it("given sent messages, when finding one by from, to and body since a time, then only a matching later one is found", async () => {
    const simulator = create();
    const before = new Date(Date.now() - 1);
    const sent = await simulator.sendSms({ from: "+12125550123", to: "+15551230001", body: "Exact text" });

    await expect(simulator.findSentMessage({ from: "+12125550123", to: "+15551230001", body: "Exact text", since: before })).resolves.toMatchObject({
      sid: sent.sid,
    });
    await expect(simulator.findSentMessage({ from: "+12125550123", to: "+15551230001", body: "Other", since: before })).resolves.toBeUndefined();
    await expect(
      simulator.findSentMessage({ from: "+12125550123", to: "+15551230001", body: "Exact text", since: new Date(Date.now() + 60_000) }),
    ).resolves.toBeUndefined();
  });

  it("given a journal folder, when the simulator restarts, then messages, purchases and forwarding are still there, a torn line is ignored", async () => {
    const dir = mkdtempSync(join(tmpdir(), "carrier-"));
    try {
      const first = create(new FileJournal(dir));
      const sent = await first.sendSms({ from: "+12125550123", to: "+15551230001", body: "Persisted" });
      const purchased = await first.purchaseNumber("+12125550124", WEBHOOKS);
      first.phones.setForwarding("+15559870000", "+12125550124");
      const createdAt = first.listMessages()[0]?.createdAt;
      await first.close();
      appendFileSync(join(dir, "carrier.jsonl"), '{"t":"message","sid":"SMtorn');

      const second = create(new FileJournal(dir));

      expect(second.listMessages()).toEqual([expect.objectContaining({ sid: sent.sid, body: "Persisted", createdAt })]);
      await expect(second.purchaseNumber("+12125550124", WEBHOOKS)).rejects.toMatchObject({ code: "21422" });
      expect(second.state.numberBySid(purchased.sid)?.phoneNumber).toBe("+12125550124");
      expect(second.phones.forwardingOf("+15559870000")).toBe("+12125550124");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("given forwarding set on the business phone, when the test call is placed, then our voice webhook sees the test caller, then completed", async () => {
    const simulator = create();
    simulator.phones.setForwarding("+15559870001", "+12125550123");

    await simulator.placeTestCall({
      from: "+15005550006",
      to: "+15559870001",
      timeoutSeconds: 20,
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/call-status`,
    });

    const [voice] = await receiver.waitFor("/webhooks/twilio/voice", 1);
    expect(voice?.params).toMatchObject({ From: "+15005550006", To: "+12125550123", ForwardedFrom: "+15559870001", Direction: "inbound" });
    expect(isSignedBy(AUTH_TOKEN, voice?.signature, `${receiver.url}/webhooks/twilio/voice`, voice?.params ?? {})).toBe(true);
    const [status] = await receiver.waitFor("/webhooks/twilio/call-status", 1);
    expect(status?.params.CallStatus).toBe("completed");
  });

  it("given no forwarding, when the test call is placed, then no voice webhook arrives and the call ends no-answer", async () => {
    const simulator = create();

    await simulator.placeTestCall({
      from: "+15005550006",
      to: "+15559870002",
      timeoutSeconds: 20,
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/call-status`,
    });

    const [status] = await receiver.waitFor("/webhooks/twilio/call-status", 1);
    expect(status?.params.CallStatus).toBe("no-answer");
    expect(receiver.on("/webhooks/twilio/voice")).toHaveLength(0);
  });

  it("given a caller who texted STOP, when we text them, then 21610; after START it is delivered again", async () => {
    const simulator = create();

    await simulator.phones.sendSms({ from: CANADIAN_CALLER, to: "+12125550123", body: " stop " });
    await expect(simulator.sendSms({ from: "+12125550123", to: CANADIAN_CALLER, body: "Hi" })).rejects.toMatchObject({ code: "21610" });
    await simulator.phones.sendSms({ from: CANADIAN_CALLER, to: "+12125550123", body: "START" });

    await expect(simulator.sendSms({ from: "+12125550123", to: CANADIAN_CALLER, body: "Hi" })).resolves.toMatchObject({ status: "queued" });
    expect(receiver.on("/webhooks/twilio/sms").map((webhook) => webhook.params.Body)).toEqual([" stop ", "START"]);
  });

  it("given our TwiML answers an inbound SMS with a Message, when the caller texts, then the reply lands in the inbox", async () => {
    const simulator = create();
    receiver.answers.set("/webhooks/twilio/sms", "<Response><Message>Acme &amp; Co: reply STOP to stop.</Message></Response>");

    const result = await simulator.phones.sendSms({ from: CANADIAN_TEXTER, to: "+12125550123", body: "HELP" });

    expect(result.replies).toEqual(["Acme & Co: reply STOP to stop."]);
    expect(simulator.listMessages(CANADIAN_TEXTER)[0]).toMatchObject({ from: "+12125550123", body: "Acme & Co: reply STOP to stop.", status: "delivered" });
  });
});

/** The webhook carries a valid X-Twilio-Signature for this URL and these params. */
function isSignedBy(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  return signature !== undefined && twilio.validateRequest(authToken, signature, url, params);
}

describe("carrier simulator: line type lookups", () => {
  it.each([
    ["+14155551111", "landline"],
    ["+14155550142", "mobile"],
    ["+447700901111", "landline"],
    ["Anonymous", undefined],
  ])("given %s, when looked up, then %s (numbers ending in 1111 are landlines)", async (number, expected) => {
    const simulator = new CarrierSimulator({
      authToken: "dev-auth-token",
      publicBaseUrl: "http://127.0.0.1:1",
      journal: new MemoryJournal(),
      logger: createSilentLogger(),
    });
    await expect(simulator.lookupLineType(number)).resolves.toBe(expected);
    await simulator.close();
  });
});
