import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import twilio from "twilio";
import { createSilentLogger, errorMiddleware } from "@rebound/platform";
import { WebhookReceiver } from "@rebound/testing/telephony";
import { FileJournal, MemoryJournal } from "./carrier-journal";
import { CarrierSimulator } from "./carrier-simulator";
import { createSimulatorRpcRouter, RemoteSimulatorProvider } from "./remote-simulator";
import { createSimulatorRouter } from "./simulator-router";
import { simulatedWav, twimlRecordVerb } from "./simulated-recording";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CALLER = "+15551230001";
const TOKEN = "dev-auth-token";

/** Our answer as telephony builds it (the SDK's VoiceResponse), pointing at the receiver. */
function recordingAnswer(base: string, options: { maxLength?: number; transcribe?: boolean } = {}): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say("Sorry we missed your call.");
  response.record({
    maxLength: options.maxLength ?? 120,
    trim: "trim-silence",
    playBeep: true,
    timeout: 5,
    action: `${base}/webhooks/twilio/voicemail`,
    recordingStatusCallback: `${base}/webhooks/twilio/recording`,
    recordingStatusCallbackEvent: ["completed"],
    transcribe: options.transcribe ?? true,
    transcribeCallback: `${base}/webhooks/twilio/transcription`,
  });
  response.hangup();
  return response.toString();
}

function isSignedBy(authToken: string, webhook: { signature: string | undefined; path: string; params: Record<string, string> } | undefined, base: string) {
  return webhook?.signature !== undefined && twilio.validateRequest(authToken, webhook.signature, `${base}${webhook.path}`, webhook.params);
}

describe("the simulated caller's voicemail (POST /dev/simulator/calls with voicemail)", () => {
  let receiver: WebhookReceiver;
  let simulator: CarrierSimulator;
  let app: express.Express;
  let number: string;

  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    simulator = new CarrierSimulator({ authToken: TOKEN, publicBaseUrl: () => receiver.url, journal: new MemoryJournal(), logger: createSilentLogger() });
    const router = createSimulatorRouter(simulator, { nodeEnv: "development" });
    if (!router) throw new Error("router expected");
    app = express().use(router).use(errorMiddleware(createSilentLogger()));
    number = (await simulator.purchaseNumber("+12125550123", { voiceUrl: "", smsUrl: "", statusCallbackUrl: "" })).phoneNumber;
  });

  afterEach(async () => {
    await simulator.close();
    await receiver.close();
  });

  it("given an answer that records, when the caller leaves 7 s with a transcript, then the action, recording and transcription callbacks, in order, signed like Twilio's", async () => {
    receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url));
    receiver.answers.set("/webhooks/twilio/voicemail", "<Response><Hangup/></Response>");

    const response = await request(app)
      .post("/dev/simulator/calls")
      .send({ from: CALLER, to: number, voicemail: { seconds: 7, transcript: "Hi, please call me back about the leak." } });

    expect(response.status).toBe(200);
    expect(response.body.voicemail).toEqual({
      recordingSid: expect.stringMatching(/^RE[0-9a-f]{32}$/),
      seconds: 7,
      actionStatus: 200,
      recordingStatusCallbackStatus: 200,
      transcriptionCallbackStatus: 200,
    });
    const { recordingSid } = response.body.voicemail as { recordingSid: string };
    expect(receiver.received.map((webhook) => webhook.path)).toEqual([
      "/webhooks/twilio/voice",
      "/webhooks/twilio/voicemail",
      "/webhooks/twilio/recording",
      "/webhooks/twilio/transcription",
    ]);
    const [, action, recording, transcription] = receiver.received;
    const callSid = response.body.callSid as string;
    expect(action?.params).toMatchObject({ AccountSid: simulator.accountSid, CallSid: callSid, RecordingSid: recordingSid, RecordingDuration: "7" });
    expect(recording?.params).toMatchObject({
      AccountSid: simulator.accountSid,
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingStatus: "completed",
      RecordingDuration: "7",
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${simulator.accountSid}/Recordings/${recordingSid}`,
    });
    expect(transcription?.params).toMatchObject({
      AccountSid: simulator.accountSid,
      CallSid: callSid,
      RecordingSid: recordingSid,
      TranscriptionStatus: "completed",
      TranscriptionText: "Hi, please call me back about the leak.",
      TranscriptionSid: expect.stringMatching(/^TR/),
    });
    for (const webhook of receiver.received) expect(isSignedBy(TOKEN, webhook, receiver.url)).toBe(true);
  });

  it("given a voicemail left, then fetchRecording serves a WAV of its length until deleteRecording, which is idempotent", async () => {
    receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url));
    const placed = await simulator.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 3 } });
    const ref = { accountSid: simulator.accountSid, recordingSid: placed.voicemail?.recordingSid ?? "" };

    const audio = await simulator.fetchRecording(ref);

    expect(audio?.contentType).toBe("audio/wav");
    const wav = Buffer.from(audio?.data ?? []);
    expect(wav.length).toBe(44 + 3 * 8_000 * 2);
    expect(wav.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(wav.subarray(8, 12).toString("ascii")).toBe("WAVE");
    expect(wav.readUInt32LE(24)).toBe(8_000);
    expect(await simulator.fetchRecording({ ...ref, accountSid: `AC${"9".repeat(32)}` })).toBeUndefined();
    await simulator.deleteRecording(ref);
    await simulator.deleteRecording(ref);
    expect(await simulator.fetchRecording(ref)).toBeUndefined();
    const listed = (await request(app).get("/dev/simulator/recordings")).body as { recordings: Record<string, unknown>[] };
    expect(listed.recordings).toEqual([
      expect.objectContaining({ sid: ref.recordingSid, seconds: 3, transcript: null, from: CALLER, to: number, deletedAt: expect.any(Number) }),
    ]);
  });

  it("given no transcript, or an answer without transcribe, then no transcription callback", async () => {
    receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url));
    const untranscribed = await simulator.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 4 } });
    receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url, { transcribe: false }));
    const notAsked = await simulator.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 4, transcript: "Hello" } });

    expect(untranscribed.voicemail?.transcription).toBeNull();
    expect(notAsked.voicemail?.transcription).toBeNull();
    expect(receiver.on("/webhooks/twilio/transcription")).toHaveLength(0);
    expect(receiver.on("/webhooks/twilio/recording")).toHaveLength(2);
  });

  it("given a caller who talks past maxLength, then the recording is cut there; a caller who hangs up at the beep leaves 0 s and no transcript", async () => {
    receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url, { maxLength: 30 }));

    const long = await simulator.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 95, transcript: "Long" } });
    const silent = await simulator.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 0, transcript: "" } });

    expect(long.voicemail?.seconds).toBe(30);
    expect(receiver.on("/webhooks/twilio/recording")[0]?.params.RecordingDuration).toBe("30");
    expect(silent.voicemail).toMatchObject({ seconds: 0, transcription: null });
    expect(receiver.on("/webhooks/twilio/recording")[1]?.params.RecordingDuration).toBe("0");
  });

  it("given an answer that does not record (or rejects), then the caller leaves nothing and voicemail is null", async () => {
    receiver.answers.set("/webhooks/twilio/voice", "<Response><Say>Sorry</Say><Hangup/></Response>");
    const said = await request(app)
      .post("/dev/simulator/calls")
      .send({ from: CALLER, to: number, voicemail: { seconds: 5 } });
    receiver.answers.set("/webhooks/twilio/voice", "<Response><Reject/></Response>");
    const rejected = await request(app)
      .post("/dev/simulator/calls")
      .send({ from: CALLER, to: number, voicemail: { seconds: 5 } });

    expect(said.body.voicemail).toBeNull();
    expect(rejected.body.voicemail).toBeNull();
    expect(receiver.received.map((webhook) => webhook.path)).toEqual(["/webhooks/twilio/voice", "/webhooks/twilio/voice"]);
    expect(simulator.listRecordings()).toEqual([]);
  });

  it("given a number in a subaccount, then the voicemail is the subaccount's: its AccountSid, signed with its token", async () => {
    const account = await simulator.createSubaccount("biz");
    const subNumber = (await simulator.purchaseNumber("+12125550124", { voiceUrl: "", smsUrl: "", statusCallbackUrl: "" }, account)).phoneNumber;
    receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url));

    const placed = await simulator.phones.placeCall({ from: CALLER, to: subNumber, voicemail: { seconds: 2, transcript: "Hi" } });

    for (const webhook of receiver.received) {
      expect(webhook.params.AccountSid).toBe(account.accountSid);
      expect(isSignedBy(account.authToken, webhook, receiver.url)).toBe(true);
    }
    const ref = { accountSid: account.accountSid, recordingSid: placed.voicemail?.recordingSid ?? "" };
    expect(await simulator.fetchRecording(ref)).toBeDefined();
    expect(await simulator.fetchRecording({ ...ref, accountSid: simulator.accountSid })).toBeUndefined();
  });

  it("given a bad voicemail, then 400 with the field", async () => {
    const response = await request(app)
      .post("/dev/simulator/calls")
      .send({ from: CALLER, to: number, voicemail: { seconds: -1 } });

    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain("voicemail.seconds must be a whole number of seconds from 0 to 3600");
  });
});

describe("voicemail recordings across processes and restarts", () => {
  it("given the simulator in another process, when the recording is fetched over the RPC, then the same bytes; delete goes through too", async () => {
    const receiver = await new WebhookReceiver().start();
    const simulator = new CarrierSimulator({ authToken: TOKEN, publicBaseUrl: () => receiver.url, journal: new MemoryJournal(), logger: createSilentLogger() });
    const router = createSimulatorRpcRouter(simulator, { nodeEnv: "development" });
    if (!router) throw new Error("router expected");
    const server = await new Promise<Server>((resolve) => {
      const listening = express()
        .use(router)
        .listen(0, "127.0.0.1", () => resolve(listening));
    });
    const remote = new RemoteSimulatorProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const number = (await simulator.purchaseNumber("+12125550125", { voiceUrl: "", smsUrl: "", statusCallbackUrl: "" })).phoneNumber;
      receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url));
      const placed = await simulator.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 2 } });
      const ref = { accountSid: simulator.accountSid, recordingSid: placed.voicemail?.recordingSid ?? "" };

      const audio = await remote.fetchRecording(ref);

      expect(audio?.contentType).toBe("audio/wav");
      expect(Buffer.from(audio?.data ?? []).equals(simulatedWav(2))).toBe(true);
      await remote.deleteRecording(ref);
      expect(await remote.fetchRecording(ref)).toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await simulator.close();
      await receiver.close();
    }
  });

  it("given a journal on disk, when the simulator restarts, then its recordings and deletions are replayed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "carrier-voicemail-"));
    const receiver = await new WebhookReceiver().start();
    const options = { authToken: TOKEN, publicBaseUrl: () => receiver.url, logger: createSilentLogger() };
    try {
      const first = new CarrierSimulator({ ...options, journal: new FileJournal(dir) });
      const number = (await first.purchaseNumber("+12125550126", { voiceUrl: "", smsUrl: "", statusCallbackUrl: "" })).phoneNumber;
      receiver.answers.set("/webhooks/twilio/voice", recordingAnswer(receiver.url));
      const kept = await first.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 1, transcript: "Kept" } });
      const gone = await first.phones.placeCall({ from: CALLER, to: number, voicemail: { seconds: 1 } });
      await first.deleteRecording({ accountSid: first.accountSid, recordingSid: gone.voicemail?.recordingSid ?? "" });
      await first.close();

      const second = new CarrierSimulator({ ...options, journal: new FileJournal(dir) });

      expect(await second.fetchRecording({ accountSid: second.accountSid, recordingSid: kept.voicemail?.recordingSid ?? "" })).toBeDefined();
      expect(await second.fetchRecording({ accountSid: second.accountSid, recordingSid: gone.voicemail?.recordingSid ?? "" })).toBeUndefined();
      expect(second.listRecordings().find((recording) => recording.sid === kept.voicemail?.recordingSid)?.transcript).toBe("Kept");
      await second.close();
    } finally {
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("twimlRecordVerb", () => {
  it("given our answer, then the attributes the simulator acts on; none without <Record>", () => {
    expect(twimlRecordVerb(recordingAnswer("https://rebound.example"))).toEqual({
      action: "https://rebound.example/webhooks/twilio/voicemail",
      maxLength: 120,
      recordingStatusCallback: "https://rebound.example/webhooks/twilio/recording",
      recordingStatusCallbackEvent: ["completed"],
      transcribe: true,
      transcribeCallback: "https://rebound.example/webhooks/twilio/transcription",
    });
    expect(twimlRecordVerb("<Response><Say>Hi</Say><Hangup/></Response>")).toBeUndefined();
  });
});
