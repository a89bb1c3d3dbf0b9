import { MessageChannel, type MessagePort } from "node:worker_threads";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { WebhookReceiver } from "@rebound/testing/telephony";
import { campaignContent, standardProfile } from "./a2p/a2p-test-fixtures";
import type { CarrierSimulator } from "./carrier-simulator";
import { simulatorPostingTo } from "./simulator-test-fixtures";
import { RemoteSimulatorProvider } from "./remote-simulator";
import { serveSimulatorRpc, simulatorPortTransport, type PortTransport } from "./simulator-thread-rpc";

describe("the provider RPC on the simulator thread's port (npm start)", () => {
  let receiver: WebhookReceiver;
  let simulator: CarrierSimulator;
  let channel: MessageChannel;
  let client: PortTransport;
  let remote: RemoteSimulatorProvider;

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    simulator = simulatorPostingTo(receiver);
    channel = new MessageChannel();
    client = simulatorPortTransport(channel.port1);
    remote = new RemoteSimulatorProvider({ transport: client.transport, where: "thread" }, 1_000);
  });

  afterEach(async () => {
    client.close();
    await simulator.close();
    await receiver.close();
  });

  const serve = (port: MessagePort = channel.port2) => serveSimulatorRpc(port, simulator);

  it("given a text sent through the port, then the simulator holds it and posts its status callbacks", async () => {
    serve();
    const bought = await remote.purchaseNumber("+14165550100", {
      voiceUrl: `${receiver.url}/webhooks/twilio/voice`,
      smsUrl: `${receiver.url}/webhooks/twilio/sms`,
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/call-status`,
    });
    const since = new Date(Date.now() - 1_000);

    // A Canadian caller: outside the US A2P 10DLC rule, so the unregistered number's text is delivered.
    const sent = await remote.sendSms({
      from: bought.phoneNumber,
      to: "+14165550199",
      body: "Sorry we missed you",
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/status`,
    });

    expect(simulator.listMessages("+14165550199").map((message) => message.body)).toEqual(["Sorry we missed you"]);
    const callbacks = await receiver.waitFor("/webhooks/twilio/status", 2);
    expect(callbacks.map((callback) => callback.params.MessageStatus)).toEqual(["sent", "delivered"]);
    // Dates cross as JSON and are revived on the thread's side, as over HTTP.
    expect(await remote.findSentMessage({ from: bought.phoneNumber, to: "+14165550199", body: "Sorry we missed you", since })).toMatchObject({ sid: sent.sid });
  });

  it("given a refusal, then the provider's error keeps Twilio's code, status and retryability", async () => {
    serve();
    const account = await remote.createSubaccount("rebound:b1");
    const profile = await remote.submitBusinessProfile(account, standardProfile, {
      friendlyName: "rebound:b1:1",
      notificationEmail: "texting@rebound.example",
    });
    const brand = await remote.createBrand(account, { kind: "standard", profile });
    const service = await remote.createMessagingService(account, { friendlyName: "rebound:b1:1:service", inboundRequestUrl: "", statusCallbackUrl: "" });

    await expect(remote.createCampaign(account, { ...campaignContent(), messagingServiceSid: service.sid, brandSid: brand.sid })).rejects.toMatchObject({
      name: "TelephonyProviderError",
      code: "30991",
      retryable: false,
      options: { httpStatus: 400 },
    });
  });

  it("given a thread that does not answer, when a text is sent, then a retryable error after the timeout", async () => {
    const started = Date.now();
    const failure = remote.sendSms({ from: "+14155550100", to: "+14155550123", body: "x" });

    await expect(failure).rejects.toBeInstanceOf(TelephonyProviderError);
    await expect(failure).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining("carrier simulator thread unreachable: no answer within 1000 ms"),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it("given the thread stops while a text waits, then that text and every later one fail at once, retryable", async () => {
    const waiting = remote.sendSms({ from: "+14155550100", to: "+14155550123", body: "x" });

    client.close();

    await expect(waiting).rejects.toMatchObject({ retryable: true, message: expect.stringContaining("the simulator thread has stopped") });
    await expect(remote.sendSms({ from: "+14155550100", to: "+14155550123", body: "y" })).rejects.toMatchObject({ retryable: true });
  });

  it("given a method the simulator does not have or a body that is not JSON, then 404 and 400 answers, not a crash", async () => {
    serve();
    await expect(client.transport("dropTables", JSON.stringify({ args: [] }), 1_000)).resolves.toEqual({
      status: 404,
      text: JSON.stringify({ error: { message: "no simulator method dropTables" } }),
    });
    await expect(client.transport("sendSms", "{not json", 1_000)).resolves.toMatchObject({ status: 400 });
  });
});
