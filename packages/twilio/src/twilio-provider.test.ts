import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { startFakeTwilioApi, type FakeTwilioApi } from "@rebound/testing/telephony";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { TwilioTelephonyProvider } from "./twilio-provider";

const WEBHOOKS = {
  voiceUrl: "https://rebound.example/webhooks/twilio/voice",
  smsUrl: "https://rebound.example/webhooks/twilio/sms",
  statusCallbackUrl: "https://rebound.example/webhooks/twilio/call-status",
};

describe("TwilioTelephonyProvider against the fake Twilio REST API", () => {
  let fake: FakeTwilioApi;
  let provider: TwilioTelephonyProvider;
  let callbackServer: Server;
  let callbackUrl: string;
  const callbacks: { signature: string | undefined; params: Record<string, string> }[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ callbackStepMs: 2 });
    provider = new TwilioTelephonyProvider({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      timeoutMs: 2_000,
      apiBaseUrl: fake.url,
    });
    const app = express();
    app.post("/webhooks/twilio/status", express.urlencoded({ extended: false }), (req, res) => {
      callbacks.push({ signature: req.header("x-twilio-signature"), params: req.body as Record<string, string> });
      res.status(204).end();
    });
    callbackServer = createServer(app);
    await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/webhooks/twilio/status`;
  });

  afterAll(async () => {
    await provider.close();
    await fake.close();
    await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
  });

  it("given an area code, when searching, then returns local numbers with locality, region and capabilities", async () => {
    const numbers = await provider.searchLocalNumbers("415", { limit: 5 });

    expect(numbers).toHaveLength(5);
    expect(numbers[0]).toEqual({
      phoneNumber: expect.stringMatching(/^\+1415\d{7}$/),
      locality: "Fakeville",
      region: "CA",
      capabilities: { voice: true, sms: true, mms: false },
    });
    expect(numbers[1]?.capabilities.mms).toBe(true);
  });

  it("given a number, when purchasing, then Twilio gets our voice, SMS and status callback URLs", async () => {
    const purchased = await provider.purchaseNumber("+14155551000", WEBHOOKS);

    expect(purchased).toEqual({ phoneNumber: "+14155551000", sid: expect.stringMatching(/^PN[0-9a-f]{32}$/) });
    const stored = fake.numbers.find((number) => number.sid === purchased.sid);
    expect(stored).toMatchObject({ voiceUrl: WEBHOOKS.voiceUrl, smsUrl: WEBHOOKS.smsUrl, statusCallback: WEBHOOKS.statusCallbackUrl });
  });

  it("given a purchased number, when releasing it, then Twilio deletes it and a second release is a non-retryable 20404", async () => {
    const purchased = await provider.purchaseNumber("+14155551007", WEBHOOKS);

    await provider.releaseNumber(purchased.sid);

    expect(fake.numbers.find((number) => number.sid === purchased.sid)?.released).toBe(true);
    await expect(provider.releaseNumber(purchased.sid)).rejects.toMatchObject({ code: "20404", retryable: false });
  });

  it("given a status callback URL, when sending an SMS, then the message is accepted and signed callbacks follow", async () => {
    const result = await provider.sendSms({ from: "+14155551000", to: "+15551230001", body: "Thanks for calling!", statusCallbackUrl: callbackUrl });

    expect(result).toEqual({ sid: expect.stringMatching(/^SM/), status: "queued" });
    expect(fake.messages.at(-1)).toMatchObject({ sid: result.sid, body: "Thanks for calling!", statusCallback: callbackUrl });
    await waitUntil(() => callbacks.filter((callback) => callback.params.MessageSid === result.sid).length === 2);
    const received = callbacks.filter((callback) => callback.params.MessageSid === result.sid);
    expect(received.map((callback) => callback.params.MessageStatus)).toEqual(["sent", "delivered"]);
    for (const callback of received) {
      expect(isSignedBy(fake.authToken, callback.signature, callbackUrl, callback.params)).toBe(true);
    }
  });

  it("given a sent message, when looking it up by from, to and body, then finds it, and not a different body", async () => {
    const since = new Date(Date.now() - 1_000);
    const sent = await provider.sendSms({ from: "+14155551000", to: "+15551230002", body: "Hello there" });

    await expect(provider.findSentMessage({ from: "+14155551000", to: "+15551230002", body: "Hello there", since })).resolves.toEqual({
      sid: sent.sid,
      status: "queued",
    });
    await expect(provider.findSentMessage({ from: "+14155551000", to: "+15551230002", body: "Other", since })).resolves.toBeUndefined();
  });

  it("given a test call, when placing it, then Twilio gets from, to, ring timeout and status callback", async () => {
    const call = await provider.placeTestCall({ from: "+15005550006", to: "+15551239999", timeoutSeconds: 25, statusCallbackUrl: callbackUrl });

    expect(call.sid).toMatch(/^CA/);
    expect(fake.calls.at(-1)).toMatchObject({ from: "+15005550006", to: "+15551239999", timeout: 25, statusCallback: callbackUrl });
    expect(fake.calls.at(-1)?.twiml).toContain("<Say>");
  });

  it("given an unsubscribed recipient, when sending, then the error carries Twilio's code 21610 and is not retryable", async () => {
    fake.unsubscribed.add("+15551230003");

    const error = await provider.sendSms({ from: "+14155551000", to: "+15551230003", body: "Hi" }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TelephonyProviderError);
    expect(error).toMatchObject({ code: "21610", retryable: false, options: { httpStatus: 400 } });
  });

  it.each([
    { status: 429, code: 20429, retryable: true },
    { status: 503, code: undefined, retryable: true },
    { status: 400, code: 21211, retryable: false },
  ])("given Twilio answers $status, when sending, then the error has code $code and retryable $retryable", async ({ status, code, retryable }) => {
    fake.injectFailure({ resource: "Messages", status, code });

    const error = await provider.sendSms({ from: "+14155551000", to: "+15551230004", body: "Hi" }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TelephonyProviderError);
    expect(error).toMatchObject({ retryable, code: code === undefined ? undefined : String(code), options: { httpStatus: status } });
  });

  it("given Twilio is unreachable, when sending, then the error is retryable with the socket error code", async () => {
    const unreachable = new TwilioTelephonyProvider({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      timeoutMs: 1_000,
      apiBaseUrl: "http://127.0.0.1:1",
    });

    const error = await unreachable.sendSms({ from: "+14155551000", to: "+15551230005", body: "Hi" }).catch((caught: unknown) => caught);
    await unreachable.close();

    expect(error).toMatchObject({ retryable: true, code: "ECONNREFUSED" });
  });

  it("given a wrong auth token, when searching, then the failure is Twilio's 20003 and not retryable", async () => {
    const wrong = new TwilioTelephonyProvider({ accountSid: fake.accountSid, authToken: "wrong-token", timeoutMs: 1_000, apiBaseUrl: fake.url });

    const error = await wrong.searchLocalNumbers("415").catch((caught: unknown) => caught);
    await wrong.close();

    expect(error).toMatchObject({ code: "20003", retryable: false, options: { httpStatus: 401 } });
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The webhook carries a valid X-Twilio-Signature for this URL and these params. */
function isSignedBy(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  return signature !== undefined && twilio.validateRequest(authToken, signature, url, params);
}
