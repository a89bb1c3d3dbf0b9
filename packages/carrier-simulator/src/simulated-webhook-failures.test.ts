import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSilentLogger } from "@rebound/platform";
import { WebhookReceiver } from "@rebound/testing/telephony";
import { MemoryJournal } from "./carrier-journal";
import { CarrierSimulator } from "./carrier-simulator";

const CALLER = "+15551230001";

/** A webhook target that answers 500 to everything and counts the requests (our gateway failing). */
async function failingTarget(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const app = express();
  app.post(/.*/, (_req, res) => {
    hits++;
    res.status(500).send("database system is shutting down");
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("carrier simulator: Twilio's webhook semantics (no retry, fallback once) and the provider's call and text lists", () => {
  let receiver: WebhookReceiver;
  let simulator: CarrierSimulator;
  let base: () => string;

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    base = () => receiver.url;
    simulator = new CarrierSimulator({
      authToken: "dev-auth-token",
      publicBaseUrl: () => base(),
      journal: new MemoryJournal(),
      logger: createSilentLogger(),
      deliveryStepMs: 1,
    });
  });

  afterEach(async () => {
    await simulator.close();
    await receiver.close();
  });

  const buy = async (webhooks: { voiceFallbackUrl?: string; smsFallbackUrl?: string } = {}) => {
    const [number] = await simulator.searchLocalNumbers("305", { limit: 1 });
    const phoneNumber = number?.phoneNumber ?? "";
    await simulator.purchaseNumber(phoneNumber, { voiceUrl: "v", smsUrl: "s", statusCallbackUrl: "c", ...webhooks });
    return phoneNumber;
  };

  it("given our voice webhook answers 500 and no fallback, when called, then it is posted once, not retried, and the call is still listed", async () => {
    const target = await failingTarget();
    base = () => target.url;
    const to = await buy();
    const before = new Date(simulator.now() - 1);

    const result = await simulator.phones.placeCall({ from: CALLER, to });

    expect(result.webhook.status).toBe(500);
    expect(result.usedFallback).toBe(false);
    expect(target.hits()).toBe(1);
    const calls = await simulator.listCalls({ to, startedAfter: before });
    expect(calls).toEqual([{ sid: result.callSid, from: CALLER, to, status: "completed", direction: "inbound", startTime: expect.any(Date) }]);
    await target.close();
  });

  it("given the webhook target down (webhookDown) and a fallback URL, when called, then the fallback alone answers, once", async () => {
    const to = await buy({ voiceFallbackUrl: `${receiver.url}/webhooks/twilio/voice-fallback` });
    receiver.answers.set("/webhooks/twilio/voice-fallback", "<Response><Say>Fallback</Say></Response>");

    const result = await simulator.phones.placeCall({ from: CALLER, to, webhookDown: true });

    expect(result.usedFallback).toBe(true);
    expect(result.primaryWebhook).toMatchObject({ status: 0, error: expect.stringContaining("ECONNREFUSED") });
    expect(result.webhook).toMatchObject({ status: 200, body: expect.stringContaining("Fallback") });
    expect(receiver.on("/webhooks/twilio/voice")).toHaveLength(0);
    expect(receiver.on("/webhooks/twilio/voice-fallback")).toHaveLength(1);
    expect(receiver.on("/webhooks/twilio/voice-fallback")[0]?.params).toMatchObject({ CallSid: result.callSid, From: CALLER, To: to });
  });

  it("given a connection refused (a dead port), when called, then no exception: the call is listed with the error", async () => {
    const target = await failingTarget();
    await target.close();
    base = () => target.url;
    const to = await buy();

    const result = await simulator.phones.placeCall({ from: CALLER, to });

    expect(result.webhook.status).toBe(0);
    expect(result.webhook.error).toBeTruthy();
    expect((await simulator.listCalls({ to, startedAfter: new Date(0) })).map((call) => call.sid)).toEqual([result.callSid]);
  });

  it("given calls to several numbers and times, when listed, then only calls to that number since the instant, newest first", async () => {
    const to = await buy();
    const other = "+13055550999";
    const first = await simulator.phones.placeCall({ from: CALLER, to });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cut = new Date(simulator.now());
    const second = await simulator.phones.placeCall({ from: "+15551230002", to });
    const third = await simulator.phones.placeCall({ from: CALLER, to });
    await simulator.phones.placeCall({ from: CALLER, to: other });

    const listed = await simulator.listCalls({ to, startedAfter: cut });

    expect(listed.map((call) => call.sid)).toEqual([third.callSid, second.callSid]);
    expect(listed.map((call) => call.sid)).not.toContain(first.callSid);
  });

  it("given a STOP whose SMS webhook failed, when the inbound texts are listed, then it is there, and the carrier opt-out holds", async () => {
    const to = await buy();

    const result = await simulator.phones.sendSms({ from: CALLER, to, body: "STOP", webhookDown: true });

    expect(result.webhook).toMatchObject({ status: 0 });
    expect(result.replies).toEqual([]);
    expect(receiver.on("/webhooks/twilio/sms")).toHaveLength(0);
    const inbound = await simulator.listInboundMessages({ to, sentAfter: new Date(0) });
    expect(inbound).toEqual([{ sid: result.messageSid, from: CALLER, to, body: "STOP", dateSent: expect.any(Date) }]);
    // Texts we send are outbound: never in the inbound list.
    await simulator.sendSms({ from: to, to: "+15551230009", body: "hello" });
    expect(await simulator.listInboundMessages({ to: "+15551230009", sentAfter: new Date(0) })).toEqual([]);
  });

  it("given a subaccount's number, when listed from the main account, then nothing; from its account, the call", async () => {
    const account = await simulator.createSubaccount("biz");
    const [number] = await simulator.searchLocalNumbers("212", { limit: 1 });
    const to = number?.phoneNumber ?? "";
    await simulator.purchaseNumber(to, { voiceUrl: "v", smsUrl: "s", statusCallbackUrl: "c" }, { accountSid: account.accountSid });

    const call = await simulator.phones.placeCall({ from: CALLER, to });

    expect(await simulator.listCalls({ to, startedAfter: new Date(0) })).toEqual([]);
    expect((await simulator.listCalls({ to, startedAfter: new Date(0), accountSid: account.accountSid })).map((listed) => listed.sid)).toEqual([call.callSid]);
  });
});
