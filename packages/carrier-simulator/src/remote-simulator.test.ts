import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { WebhookReceiver } from "@rebound/testing/telephony";
import { campaignContent, standardProfile } from "./a2p/a2p-test-fixtures";
import type { CarrierSimulator } from "./carrier-simulator";
import { simulatorPostingTo } from "./simulator-test-fixtures";
import { createSimulatorRpcRouter, RemoteSimulatorProvider, remoteSimulatorFromEnv } from "./remote-simulator";

describe("one carrier simulator for every process (/internal/simulator)", () => {
  let receiver: WebhookReceiver;
  let simulator: CarrierSimulator;
  let server: Server;
  let remote: RemoteSimulatorProvider;

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    simulator = simulatorPostingTo(receiver);
    const router = createSimulatorRpcRouter(simulator, { nodeEnv: "development" });
    if (!router) throw new Error("router expected");
    const app = express().use(router);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    remote = new RemoteSimulatorProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await simulator.close();
    await receiver.close();
  });

  it("given a remote process, when it buys a number and texts from it, then the owner's simulator holds the number and the text", async () => {
    const [offered] = await remote.searchLocalNumbers("415");
    expect(offered?.phoneNumber).toMatch(/^\+1415/);
    const bought = await remote.purchaseNumber(offered!.phoneNumber, {
      voiceUrl: `${receiver.url}/webhooks/twilio/voice`,
      smsUrl: `${receiver.url}/webhooks/twilio/sms`,
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/status`,
    });
    expect(bought.phoneNumber).toBe(offered!.phoneNumber);

    const since = new Date(Date.now() - 1_000);
    const sent = await remote.sendSms({ from: bought.phoneNumber, to: "+14155550123", body: "Sorry we missed you" });
    expect(sent.sid).toMatch(/^SM/);
    expect(simulator.listMessages("+14155550123").map((message) => message.body)).toEqual(["Sorry we missed you"]);
    expect(await remote.findSentMessage({ from: bought.phoneNumber, to: "+14155550123", body: "Sorry we missed you", since })).toMatchObject({ sid: sent.sid });
    expect(await remote.findSentMessage({ from: bought.phoneNumber, to: "+14155550123", body: "other", since })).toBeUndefined();
  });

  it("given a remote process, when it registers a brand in a subaccount, then the owner's simulator holds it and refusals keep Twilio's code", async () => {
    const account = await remote.createSubaccount("rebound:b1");
    const bought = await remote.purchaseNumber("+14155550142", { voiceUrl: "", smsUrl: "", statusCallbackUrl: "" }, { accountSid: account.accountSid });
    const profile = await remote.submitBusinessProfile(account, standardProfile, {
      friendlyName: "rebound:b1:1",
      notificationEmail: "texting@rebound.example",
    });

    const brand = await remote.createBrand(account, { kind: "standard", profile });

    expect(await remote.fetchBrand(account, brand.sid)).toEqual({ ...brand, status: "PENDING" });
    expect(simulator.state.a2p.brands.get(brand.sid)?.accountSid).toBe(account.accountSid);
    expect(simulator.state.numberBySid(bought.sid)?.accountSid).toBe(account.accountSid);
    const service = await remote.createMessagingService(account, { friendlyName: "rebound:b1:1:service", inboundRequestUrl: "", statusCallbackUrl: "" });
    await expect(remote.createCampaign(account, { ...campaignContent(), messagingServiceSid: service.sid, brandSid: brand.sid })).rejects.toMatchObject({
      name: "TelephonyProviderError",
      code: "30991",
      retryable: false,
      options: { httpStatus: 400 },
    });
    await expect(remote.fetchBrand({ ...account, authToken: "wrong" }, brand.sid)).rejects.toMatchObject({ code: "20003", options: { httpStatus: 401 } });
  });

  it("given the owner is down, when a remote process sends, then a retryable TelephonyProviderError", async () => {
    const down = new RemoteSimulatorProvider("http://127.0.0.1:1", 1_000);
    await expect(down.sendSms({ from: "+14155550100", to: "+14155550123", body: "x" })).rejects.toMatchObject({
      name: "TelephonyProviderError",
      retryable: true,
    });
    await expect(down.sendSms({ from: "+14155550100", to: "+14155550123", body: "x" })).rejects.toBeInstanceOf(TelephonyProviderError);
  });

  it("given SIMULATOR_URL, when choosing the provider, then the remote simulator unless Twilio is configured", () => {
    expect(remoteSimulatorFromEnv({ SIMULATOR_URL: "http://127.0.0.1:8083" })).toBeInstanceOf(RemoteSimulatorProvider);
    expect(remoteSimulatorFromEnv({})).toBeUndefined();
    expect(remoteSimulatorFromEnv({ SIMULATOR_URL: "http://127.0.0.1:8083", TWILIO_ACCOUNT_SID: "AC1" })).toBeUndefined();
  });

  it("given production, when mounting, then there is no simulator to reach", () => {
    expect(createSimulatorRpcRouter(simulator, { nodeEnv: "production" })).toBeUndefined();
  });
});
