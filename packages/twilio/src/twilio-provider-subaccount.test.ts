import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { startFakeTwilioApi, type FakeTwilioApi } from "@rebound/testing/telephony";
import type { ProviderAccount } from "@rebound/providers/telephony";
import { TwilioTextingRegistrationProvider } from "./texting-registration/twilio-texting-registration-provider";
import { TwilioTelephonyProvider } from "./twilio-provider";

const WEBHOOKS = {
  voiceUrl: "https://rebound.example/webhooks/twilio/voice",
  smsUrl: "https://rebound.example/webhooks/twilio/sms",
  statusCallbackUrl: "https://rebound.example/webhooks/twilio/call-status",
};

describe("TwilioTelephonyProvider in a business's subaccount (parent credentials, the subaccount's 2010 path)", () => {
  let fake: FakeTwilioApi;
  let provider: TwilioTelephonyProvider;
  let registration: TwilioTextingRegistrationProvider;
  let account: ProviderAccount;
  let callbackServer: Server;
  let callbackUrl: string;
  const callbacks: { signature: string | undefined; params: Record<string, string> }[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ callbackStepMs: 2 });
    const parent = { accountSid: fake.accountSid, authToken: fake.authToken, timeoutMs: 2_000, apiBaseUrl: fake.url };
    provider = new TwilioTelephonyProvider(parent);
    registration = new TwilioTextingRegistrationProvider({ ...parent, primaryCustomerProfileSid: fake.primaryCustomerProfileSid });
    account = await registration.createSubaccount("rebound:biz-9");
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
    await registration.close();
    await fake.close();
    await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
  });

  function lastRequest() {
    const request = fake.requests.at(-1);
    return { method: request?.method, path: request?.path.replace(account.accountSid, "{sub}").replace(fake.accountSid, "{parent}"), user: request?.user };
  }

  it("given the subaccount scope, when purchasing, then the number is bought in the subaccount with the parent's credentials", async () => {
    const purchased = await provider.purchaseNumber("+14155553000", WEBHOOKS, { accountSid: account.accountSid });

    expect(lastRequest()).toEqual({ method: "POST", path: "/2010-04-01/Accounts/{sub}/IncomingPhoneNumbers.json", user: fake.accountSid });
    expect(fake.numbers.find((number) => number.sid === purchased.sid)).toMatchObject({ accountSid: account.accountSid, voiceUrl: WEBHOOKS.voiceUrl });
  });

  it("given no scope, when purchasing, then the main account as before", async () => {
    const purchased = await provider.purchaseNumber("+14155553001", WEBHOOKS);

    expect(lastRequest()).toEqual({ method: "POST", path: "/2010-04-01/Accounts/{parent}/IncomingPhoneNumbers.json", user: fake.accountSid });
    expect(fake.numbers.find((number) => number.sid === purchased.sid)?.accountSid).toBe(fake.accountSid);
  });

  it("given a subaccount's number, when releasing it without the scope, then Twilio's 20404; with the scope, released", async () => {
    const purchased = await provider.purchaseNumber("+14155553002", WEBHOOKS, { accountSid: account.accountSid });

    await expect(provider.releaseNumber(purchased.sid)).rejects.toMatchObject({ code: "20404", retryable: false });
    await provider.releaseNumber(purchased.sid, { accountSid: account.accountSid });

    expect(lastRequest()).toEqual({ method: "DELETE", path: `/2010-04-01/Accounts/{sub}/IncomingPhoneNumbers/${purchased.sid}.json`, user: fake.accountSid });
    expect(fake.numbers.find((number) => number.sid === purchased.sid)?.released).toBe(true);
  });

  describe("sending through the business's messaging service", () => {
    let messagingServiceSid: string;
    let sent: { sid: string; status: string };
    const since = new Date(Date.now() - 1_000);

    beforeAll(async () => {
      const number = await provider.purchaseNumber("+14155553010", WEBHOOKS, { accountSid: account.accountSid });
      messagingServiceSid = (
        await registration.createMessagingService(account, {
          friendlyName: "rebound:biz-9:1:messaging-service",
          inboundRequestUrl: WEBHOOKS.smsUrl,
          statusCallbackUrl: callbackUrl,
        })
      ).sid;
      await registration.addNumberToService(account, messagingServiceSid, number.sid);
    });

    it("when sending with the subaccount and the service, then Messages.json on the subaccount's path with MessagingServiceSid and From, as the parent", async () => {
      sent = await provider.sendSms({
        from: "+14155553010",
        to: "+15551230100",
        body: "Acme Plumbing: sorry we missed your call! Reply STOP to opt out.",
        statusCallbackUrl: callbackUrl,
        accountSid: account.accountSid,
        messagingServiceSid,
      });

      // Through a messaging service Twilio answers "accepted" (and calls back queued, sent, delivered).
      expect(sent).toEqual({ sid: expect.stringMatching(/^SM/), status: "accepted" });
      expect(lastRequest()).toEqual({ method: "POST", path: "/2010-04-01/Accounts/{sub}/Messages.json", user: fake.accountSid });
      expect(fake.requests.at(-1)?.params).toEqual({
        From: "+14155553010",
        To: "+15551230100",
        Body: "Acme Plumbing: sorry we missed your call! Reply STOP to opt out.",
        MessagingServiceSid: messagingServiceSid,
        StatusCallback: callbackUrl,
      });
      expect(fake.messages.at(-1)).toMatchObject({ sid: sent.sid, accountSid: account.accountSid, messagingServiceSid });
    });

    it("given the message, when its status callbacks arrive, then they carry the subaccount and validate with ITS token, not the parent's", async () => {
      await waitUntil(() => callbacks.filter((callback) => callback.params.MessageSid === sent.sid).length === 3);
      const received = callbacks.filter((callback) => callback.params.MessageSid === sent.sid);

      expect(received.map((callback) => callback.params.MessageStatus)).toEqual(["queued", "sent", "delivered"]);
      for (const callback of received) {
        expect(callback.params.AccountSid).toBe(account.accountSid);
        expect(twilio.validateRequest(account.authToken, callback.signature ?? "", callbackUrl, callback.params)).toBe(true);
        expect(twilio.validateRequest(fake.authToken, callback.signature ?? "", callbackUrl, callback.params)).toBe(false);
      }
    });

    it("when looking the message up in the subaccount, then found; in the main account, not", async () => {
      const query = { from: "+14155553010", to: "+15551230100", body: "Acme Plumbing: sorry we missed your call! Reply STOP to opt out.", since };

      await expect(provider.findSentMessage({ ...query, accountSid: account.accountSid })).resolves.toEqual({ sid: sent.sid, status: expect.any(String) });
      expect(lastRequest()).toEqual({ method: "GET", path: "/2010-04-01/Accounts/{sub}/Messages.json", user: fake.accountSid });
      await expect(provider.findSentMessage(query)).resolves.toBeUndefined();
    });

    it("given a service of another account, when sending, then Twilio refuses it (not retryable)", async () => {
      const error = await provider.sendSms({ from: "+14155553010", to: "+15551230101", body: "Hi", messagingServiceSid }).catch((caught: unknown) => caught);

      expect(error).toMatchObject({ name: "TelephonyProviderError", code: "21701", retryable: false });
    });
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
