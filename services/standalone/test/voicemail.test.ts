// Voicemail through the gateway on a fresh standalone (docs/conversations.md section 3): a new business
// records, the carrier simulator's caller leaves a voicemail whose signed callbacks (the business's
// subaccount token) pass the gateway, telephony publishes VoicemailRecorded and VoicemailTranscribed, and
// the owner (only the owner) hears the audio at /api/voicemails/{id}/audio.
import { EventRecorder } from "@rebound/testing";
import { OwnerClient, startTestStandalone, waitUntil } from "./standalone-harness";

jest.setTimeout(120_000);

describe("voicemail in standalone mode (through the gateway)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let owner: OwnerClient;
  let stranger: OwnerClient;
  let dedicatedNumber: string;
  let recorder: EventRecorder;

  beforeAll(async () => {
    app = await startTestStandalone();
    recorder = await EventRecorder.start(app.runtime.bus, ["VoicemailRecorded", "VoicemailTranscribed", "CallMissed"]);
    owner = new OwnerClient(app.url);
    await owner.signUp("voicemail-owner@example.com");
    stranger = new OwnerClient(app.url);
    await stranger.signUp("voicemail-stranger@example.com");
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]?.phoneNumber as string;
    expect([200, 201]).toContain((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status);
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  it("given a new business, then voicemail is on in its settings", async () => {
    const business = await owner.call<{ voicemailEnabled: boolean }>("GET", "/api/business");

    expect(business.body.voicemailEnabled).toBe(true);
  });

  it("given a caller who leaves a voicemail with a transcript, then the signed callbacks pass the gateway, the events follow and only the owner hears it", async () => {
    const caller = "+15551230077";

    const placed = await fetch(`${app.url}/dev/simulator/calls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: caller, to: dedicatedNumber, voicemail: { seconds: 4, transcript: "Hi, it's Sam. The heater is out again." } }),
    });
    const answer = (await placed.json()) as { callSid: string; twiml: string; voicemail: Record<string, unknown> | null };

    expect(placed.status).toBe(200);
    expect(answer.twiml).toContain(`<Record maxLength="120" trim="trim-silence" playBeep="true" timeout="5" action="${app.url}/webhooks/twilio/voicemail"`);
    expect(answer.voicemail).toMatchObject({ seconds: 4, actionStatus: 200, recordingStatusCallbackStatus: 200, transcriptionCallbackStatus: 200 });
    await waitUntil(async () => recorder.of("VoicemailTranscribed").length === 1, "VoicemailTranscribed");
    const [recorded] = recorder.of("VoicemailRecorded");
    const missed = recorder.of("CallMissed").find((event) => event.payload.callSid === answer.callSid);
    expect(recorded?.payload).toMatchObject({
      callSid: answer.callSid,
      callId: missed?.payload.callId,
      callerNumber: caller,
      dedicatedNumber,
      recordingSid: answer.voicemail?.recordingSid,
      durationSeconds: 4,
    });
    expect(recorder.of("VoicemailTranscribed")[0]?.payload).toMatchObject({
      voicemailId: recorded?.payload.voicemailId,
      transcript: "Hi, it's Sam. The heater is out again.",
    });

    const path = `${app.url}/api/voicemails/${recorded?.payload.voicemailId}/audio`;
    const heard = await fetch(path, { headers: { cookie: owner.cookie } });
    const seek = await fetch(path, { headers: { cookie: owner.cookie, range: "bytes=0-43" } });
    const notTheirs = await fetch(path, { headers: { cookie: stranger.cookie } });
    const signedOut = await fetch(path);

    expect(heard.status).toBe(200);
    expect(heard.headers.get("content-type")).toBe("audio/wav");
    const wav = Buffer.from(await heard.arrayBuffer());
    expect(wav.length).toBe(44 + 4 * 8_000 * 2);
    expect(wav.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(seek.status).toBe(206);
    expect(Buffer.from(await seek.arrayBuffer()).equals(wav.subarray(0, 44))).toBe(true);
    expect(notTheirs.status).toBe(404);
    expect(signedOut.status).toBe(401);
  });

  it("given an unsigned recording callback, then the gateway refuses it and nothing is recorded", async () => {
    const before = recorder.of("VoicemailRecorded").length;

    const forged = await fetch(`${app.url}/webhooks/twilio/recording`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
      body: new URLSearchParams({
        AccountSid: `AC${"5".repeat(32)}`,
        CallSid: recorder.of("CallMissed")[0]?.payload.callSid ?? "",
        RecordingSid: `RE${"1".repeat(32)}`,
        RecordingStatus: "completed",
        RecordingDuration: "9",
      }).toString(),
    });

    expect(forged.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recorder.of("VoicemailRecorded")).toHaveLength(before);
  });
});
