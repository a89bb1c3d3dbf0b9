import twilio from "twilio";
import express from "express";
import request from "supertest";
import { errorMiddleware } from "@rebound/platform";
import { createSilentLogger } from "@rebound/platform";
import { createTelephonyProvider } from "./create-telephony-provider";
import { telephonyConfigSchema } from "@rebound/providers/telephony";
import type { CarrierSimulator } from "./carrier-simulator";
import { simulatorPostingTo } from "./simulator-test-fixtures";
import { createSimulatorRouter } from "./simulator-router";
import { WebhookReceiver } from "@rebound/testing/telephony";

describe("simulator dev surface (/dev/simulator)", () => {
  let receiver: WebhookReceiver;
  let simulator: CarrierSimulator;
  let app: express.Express;

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    simulator = simulatorPostingTo(receiver);
    const router = createSimulatorRouter(simulator, { nodeEnv: "development" });
    if (!router) throw new Error("router expected");
    app = express();
    app.use(router);
    app.use(errorMiddleware(createSilentLogger()));
  });

  afterEach(async () => {
    await simulator.close();
    await receiver.close();
  });

  it("given a caller and a number, when placing a call, then the signed voice webhook reaches PUBLIC_BASE_URL like Twilio's", async () => {
    receiver.answers.set("/webhooks/twilio/voice", "<Response><Say>Hi</Say><Hangup/></Response>");

    const response = await request(app).post("/dev/simulator/calls").send({ from: "+15551230001", to: "+12125550123" });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      callSid: expect.stringMatching(/^CA/),
      to: "+12125550123",
      webhookStatus: 200,
      twiml: expect.stringContaining("<Say>"),
    });
    const [webhook] = receiver.on("/webhooks/twilio/voice");
    expect(webhook?.params).toMatchObject({
      CallSid: response.body.callSid,
      From: "+15551230001",
      To: "+12125550123",
      CallStatus: "ringing",
      Direction: "inbound",
    });
    expect(isSignedBy("dev-auth-token", webhook?.signature, `${receiver.url}/webhooks/twilio/voice`, webhook?.params ?? {})).toBe(true);
  });

  it("given forwarding enabled on a business phone, when a caller calls it, then the call arrives at the last bought number", async () => {
    await simulator.purchaseNumber("+12125550123", { voiceUrl: "", smsUrl: "", statusCallbackUrl: "" });
    await request(app)
      .post("/dev/simulator/forwarding")
      .send({ phoneNumber: "+15559870001", enabled: true })
      .expect(200, { phoneNumber: "+15559870001", forwardTo: "+12125550123" });

    const response = await request(app).post("/dev/simulator/calls").send({ from: "+15551230001", to: "+15559870001" });

    expect(response.body).toMatchObject({ to: "+12125550123", forwardedFrom: "+15559870001" });
    expect(receiver.on("/webhooks/twilio/voice")[0]?.params.ForwardedFrom).toBe("+15559870001");
    await request(app)
      .post("/dev/simulator/forwarding")
      .send({ phoneNumber: "+15559870001", enabled: false })
      .expect(200, { phoneNumber: "+15559870001", forwardTo: null });
    expect((await request(app).get("/dev/simulator/forwarding")).body).toEqual({ forwarding: [] });
  });

  it("given sent texts, when listing messages for a recipient, then only theirs come back, newest first, with createdAt in epoch ms", async () => {
    const before = Date.now();
    await simulator.sendSms({ from: "+12125550123", to: "+15551230001", body: "first" });
    await simulator.sendSms({ from: "+12125550123", to: "+15551230002", body: "other" });
    await simulator.sendSms({ from: "+12125550123", to: "+15551230001", body: "second" });

    const response = await request(app).get("/dev/simulator/messages").query({ to: "+15551230001" });

    expect(response.body.messages.map((message: { body: string }) => message.body)).toEqual(["second", "first"]);
    // Its status (and, once undelivered, its error code) moves on as the simulated carrier delivers it.
    expect(response.body.messages[0]).toMatchObject({
      sid: expect.stringMatching(/^SM/),
      to: "+15551230001",
      from: "+12125550123",
      body: "second",
      status: expect.any(String),
      createdAt: expect.any(Number),
    });
    expect(response.body.messages[0].createdAt).toBeGreaterThanOrEqual(before);
    expect((await request(app).get("/dev/simulator/messages")).body.messages).toHaveLength(3);
  });

  it("given an inbound text, when posted to the dev surface, then the signed SMS webhook is sent", async () => {
    const response = await request(app).post("/dev/simulator/sms").send({ from: "+15551230001", to: "+12125550123", body: "Hello?" });

    expect(response.status).toBe(200);
    expect(receiver.on("/webhooks/twilio/sms")[0]?.params).toMatchObject({ From: "+15551230001", To: "+12125550123", Body: "Hello?" });
  });

  it("given a bad number, when placing a call, then 400 with a clear message", async () => {
    const response = await request(app).post("/dev/simulator/calls").send({ from: "5551230001", to: "+12125550123" });

    expect(response.status).toBe(400);
    expect(response.body.message).toBe("from must be an E.164 phone number, e.g. +15551230001");
  });

  it("given production or Twilio, when asking for the router, then there is none", () => {
    expect(createSimulatorRouter(simulator, { nodeEnv: "production" })).toBeUndefined();
    const config = telephonyConfigSchema.parse({
      TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "a-real-token-123",
      TWILIO_TEST_CALLER_NUMBER: "+15005550006",
    });
    const twilio = createTelephonyProvider(
      { ...config, PUBLIC_BASE_URL: "http://localhost:3000", DATA_DIR: "memory", NODE_ENV: "development" },
      { logger: createSilentLogger() },
    );
    expect(twilio.kind).toBe("twilio");
    expect(createSimulatorRouter(twilio, { nodeEnv: "development" })).toBeUndefined();
  });
});

/** The webhook carries a valid X-Twilio-Signature for this URL and these params. */
function isSignedBy(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  return signature !== undefined && twilio.validateRequest(authToken, signature, url, params);
}
