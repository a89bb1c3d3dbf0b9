import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import { FakeClock } from "@rebound/testing";
import { randomUUID } from "node:crypto";
import { deleteExpiredVoicemails } from "../src/voicemail/delete-expired-voicemails.job";
import { TelephonyHarness } from "./telephony-harness";

const CALLER = "+15551230001";
const NO_TEXT_ANSWER = "Sorry we missed your call. Please call again later.";
const DAY_MS = 24 * 60 * 60 * 1000;

function recordTwiml(base: string): string {
  return (
    `<Record maxLength="120" trim="trim-silence" playBeep="true" timeout="5" action="${base}/webhooks/twilio/voicemail"` +
    ` recordingStatusCallback="${base}/webhooks/twilio/recording" recordingStatusCallbackEvent="completed" transcribe="true"` +
    ` transcribeCallback="${base}/webhooks/twilio/transcription"/>`
  );
}

/** A business with a number; voicemail as given (undefined: absent from its events). */
async function businessWithNumber(harness: TelephonyHarness, index: number, options: { voicemailEnabled?: boolean; answerCalls?: boolean } = {}) {
  const businessId = `biz-${index}`;
  const userId = `user-${index}`;
  await harness.createBusiness(businessId, userId, { businessPhone: `+1555987000${index}`, ...options });
  const [number] = await harness.simulator.searchLocalNumbers(String(300 + index), { limit: 1 });
  const dedicated = number?.phoneNumber ?? "";
  expect((await harness.purchase(userId, dedicated)).status).toBe(201);
  return { businessId, userId, dedicated };
}

describe("voicemail (component): the answer records, the callbacks store it once, the owner hears it", () => {
  const harness = new TelephonyHarness();
  let owner: Awaited<ReturnType<typeof businessWithNumber>>;
  let other: Awaited<ReturnType<typeof businessWithNumber>>;

  beforeAll(async () => {
    await harness.start();
    owner = await businessWithNumber(harness, 1, { voicemailEnabled: true });
    other = await businessWithNumber(harness, 2, { voicemailEnabled: true });
  });

  afterAll(() => harness.stop());

  const recorded = (recordingSid: string) => harness.recorder.of("VoicemailRecorded").filter((event) => event.payload.recordingSid === recordingSid);
  const audio = (userId: string, id: string, headers: Record<string, string> = {}) =>
    fetch(`${harness.url}/api/voicemails/${id}/audio`, { headers: { ...harness.userHeader(userId), ...headers } });

  /** A missed call answered with <Record> and the voicemail its caller leaves (through the carrier simulator). */
  async function leaveVoicemail(to: string, voicemail: { seconds: number; transcript?: string }, from = CALLER) {
    const placed = await harness.simulator.phones.placeCall({ from, to, voicemail });
    const recordingSid = placed.voicemail?.recordingSid ?? "";
    await harness.until(() => recorded(recordingSid).length === 1);
    return { placed, recordingSid, voicemailId: recorded(recordingSid)[0]?.payload.voicemailId ?? "" };
  }

  it("given voicemail on, when a caller misses the business, then the spoken answer, the spec's <Record>, and <Hangup/>", async () => {
    const placed = await harness.simulator.phones.placeCall({ from: CALLER, to: owner.dedicated });

    expect(placed.webhook.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${NO_TEXT_ANSWER}</Say>${recordTwiml(harness.url)}<Hangup/></Response>`,
    );
  });

  it("given a caller who leaves 12 s with a transcript, then VoicemailRecorded linked to the call, the action hangs up, then VoicemailTranscribed", async () => {
    const { placed, recordingSid, voicemailId } = await leaveVoicemail(owner.dedicated, { seconds: 12, transcript: "Hi, the sink is leaking. Call me." });

    expect(placed.voicemail).toMatchObject({ seconds: 12, action: { status: 200 }, recordingStatus: { status: 200 }, transcription: { status: 200 } });
    expect(placed.voicemail?.action?.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    const missed = harness.recorder.of("CallMissed").find((event) => event.payload.callSid === placed.callSid);
    const [event] = recorded(recordingSid);
    expect(event?.key).toBe(owner.businessId);
    expect(event?.payload).toMatchObject({
      businessId: owner.businessId,
      voicemailId: expect.any(String),
      callId: missed?.payload.callId,
      callSid: placed.callSid,
      callerNumber: CALLER,
      dedicatedNumber: owner.dedicated,
      recordingSid,
      accountSid: harness.simulator.ownerOf(owner.dedicated).accountSid,
      durationSeconds: 12,
    });
    await harness.until(() => harness.recorder.of("VoicemailTranscribed").some((transcribed) => transcribed.payload.voicemailId === voicemailId));
    const transcribed = harness.recorder.of("VoicemailTranscribed").find((candidate) => candidate.payload.voicemailId === voicemailId);
    expect(transcribed?.key).toBe(owner.businessId);
    expect(transcribed?.payload).toMatchObject({ businessId: owner.businessId, callerNumber: CALLER, transcript: "Hi, the sink is leaking. Call me." });
  });

  it("given the same recording callback three times, then one voicemail and one VoicemailRecorded", async () => {
    const { placed, recordingSid } = await leaveVoicemail(owner.dedicated, { seconds: 5 });
    const callback = {
      AccountSid: harness.simulator.ownerOf(owner.dedicated).accountSid,
      CallSid: placed.callSid,
      RecordingSid: recordingSid,
      RecordingStatus: "completed",
      RecordingDuration: "5",
    };

    const answers = [await harness.postWebhook("/webhooks/twilio/recording", callback), await harness.postWebhook("/webhooks/twilio/recording", callback)];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 200)); // a second event would have arrived by now
    expect(recorded(recordingSid)).toHaveLength(1);
    await expect(harness.service.deps.db.client.voicemail.count({ where: { recordingSid } })).resolves.toBe(1);
  });

  it.each([
    ["0 s (the caller hung up at the beep)", { RecordingStatus: "completed", RecordingDuration: "0" }],
    ["no duration", { RecordingStatus: "completed" }],
    ["a failed recording", { RecordingStatus: "failed", RecordingDuration: "9" }],
    ["an absent recording", { RecordingStatus: "absent", RecordingDuration: "-1" }],
  ])("given %s, then 200 and no voicemail", async (_name, fields) => {
    const placed = await harness.simulator.phones.placeCall({ from: CALLER, to: owner.dedicated });
    const recordingSid = `RE${randomUUID().replace(/-/g, "")}`;

    const answer = await harness.postWebhook("/webhooks/twilio/recording", {
      AccountSid: harness.simulator.ownerOf(owner.dedicated).accountSid,
      CallSid: placed.callSid,
      RecordingSid: recordingSid,
      ...fields,
    });

    expect(answer.status).toBe(200);
    await expect(harness.service.deps.db.client.voicemail.count({ where: { recordingSid } })).resolves.toBe(0);
  });

  it("given the simulated caller hangs up at the beep, then no voicemail for that call", async () => {
    const placed = await harness.simulator.phones.placeCall({ from: CALLER, to: owner.dedicated, voicemail: { seconds: 0 } });

    expect(placed.voicemail).toMatchObject({ seconds: 0, recordingStatus: { status: 200 } });
    await expect(harness.service.deps.db.client.voicemail.count({ where: { callSid: placed.callSid } })).resolves.toBe(0);
  });

  it("given an unknown CallSid, a forwarding test's call, another business's subaccount, or a body without fields, then 200 and nothing stored", async () => {
    const accountSid = harness.simulator.ownerOf(owner.dedicated).accountSid;
    const testCallSid = `CA${randomUUID().replace(/-/g, "")}`;
    await harness.service.deps.recorder.record({
      callSid: testCallSid,
      from: "+15005550006",
      to: owner.dedicated,
      callStatus: "ringing",
      direction: "inbound",
      businessId: owner.businessId,
      purpose: telephonyV1.CallPurpose.FORWARDING_TEST,
    });
    const missed = await harness.simulator.phones.placeCall({ from: CALLER, to: owner.dedicated });
    // The other business's subaccount (its number was bought in it): a valid signature, but not this call's business.
    const foreignAccount = (await harness.service.deps.textingAccounts.findByBusiness(other.businessId))?.accountSid ?? "";
    expect(foreignAccount).toMatch(/^AC/);
    expect(foreignAccount).not.toBe(accountSid);
    const sids = [1, 2, 3, 4].map(() => `RE${randomUUID().replace(/-/g, "")}`);

    const answers = await Promise.all([
      harness.postWebhook("/webhooks/twilio/recording", {
        AccountSid: accountSid,
        CallSid: "CAunknown000000000000000000000000",
        RecordingSid: sids[0]!,
        RecordingStatus: "completed",
        RecordingDuration: "8",
      }),
      harness.postWebhook("/webhooks/twilio/recording", {
        AccountSid: accountSid,
        CallSid: testCallSid,
        RecordingSid: sids[1]!,
        RecordingStatus: "completed",
        RecordingDuration: "8",
      }),
      harness.postWebhook("/webhooks/twilio/recording", {
        AccountSid: foreignAccount,
        CallSid: missed.callSid,
        RecordingSid: sids[2]!,
        RecordingStatus: "completed",
        RecordingDuration: "8",
      }),
      harness.postWebhook("/webhooks/twilio/recording", { RecordingSid: sids[3]! }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await expect(harness.service.deps.db.client.voicemail.count({ where: { recordingSid: { in: sids } } })).resolves.toBe(0);
  });

  it("given transcription callbacks: failed, empty, repeated, unknown, another account's, then one transcript at most", async () => {
    const { recordingSid, voicemailId } = await leaveVoicemail(owner.dedicated, { seconds: 6 });
    const accountSid = harness.simulator.ownerOf(owner.dedicated).accountSid;
    const transcription = (fields: Record<string, string>) =>
      harness.postWebhook("/webhooks/twilio/transcription", {
        AccountSid: accountSid,
        RecordingSid: recordingSid,
        TranscriptionStatus: "completed",
        ...fields,
      });

    const answers = [
      await transcription({ TranscriptionStatus: "failed", TranscriptionText: "" }),
      await transcription({ TranscriptionText: "   " }),
      await transcription({ AccountSid: `AC${"7".repeat(32)}`, TranscriptionText: "Not theirs" }),
      await transcription({ RecordingSid: `RE${"0".repeat(32)}`, TranscriptionText: "Nobody's" }),
      await transcription({ TranscriptionText: "  First words.  " }),
      await transcription({ TranscriptionText: "Second words." }),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await harness.until(() => harness.recorder.of("VoicemailTranscribed").some((event) => event.payload.voicemailId === voicemailId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const events = harness.recorder.of("VoicemailTranscribed").filter((event) => event.payload.voicemailId === voicemailId);
    expect(events.map((event) => event.payload.transcript)).toEqual(["First words."]);
    await expect(harness.service.deps.voicemails.findById(voicemailId)).resolves.toMatchObject({ transcript: "First words." });
  });

  it("given the owner's voicemail, when its audio is asked for, then the recording's bytes as audio/wav with its length", async () => {
    const { recordingSid, voicemailId } = await leaveVoicemail(owner.dedicated, { seconds: 2 });
    const expected = await harness.simulator.fetchRecording({ accountSid: harness.simulator.ownerOf(owner.dedicated).accountSid, recordingSid });

    const answer = await audio(owner.userId, voicemailId);

    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("audio/wav");
    expect(answer.headers.get("content-length")).toBe(String(44 + 2 * 8_000 * 2));
    expect(answer.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(expected?.data ?? []))).toBe(true);
  });

  it("given a byte range, then 206 with that slice; an unsatisfiable one, 416", async () => {
    const { voicemailId } = await leaveVoicemail(owner.dedicated, { seconds: 1 });
    const whole = Buffer.from(await (await audio(owner.userId, voicemailId)).arrayBuffer());

    const partial = await audio(owner.userId, voicemailId, { range: "bytes=100-199" });
    const tail = await audio(owner.userId, voicemailId, { range: "bytes=-10" });
    const beyond = await audio(owner.userId, voicemailId, { range: `bytes=${whole.length + 10}-` });

    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 10))).toBe(true);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${whole.length}`);
  });

  it("given another owner's voicemail id, an unknown id, or no id at all, then 404 (tenant isolation); without a session, 401", async () => {
    const { voicemailId } = await leaveVoicemail(other.dedicated, { seconds: 1 });

    const answers = [
      await audio(owner.userId, voicemailId),
      await audio(owner.userId, randomUUID()),
      await audio(owner.userId, "not-a-voicemail"),
      await audio("user-without-business", voicemailId),
    ];
    const anonymous = await fetch(`${harness.url}/api/voicemails/${voicemailId}/audio`);

    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    expect(await answers[0]?.json()).toMatchObject({ message: "Voicemail not found", code: "NOT_FOUND" });
    expect(anonymous.status).toBe(401);
    expect((await audio(other.userId, voicemailId)).status).toBe(200);
  });

  it("given the provider fails to serve the audio, then 502; gone at the provider, then 404", async () => {
    const { voicemailId, recordingSid } = await leaveVoicemail(owner.dedicated, { seconds: 1 });
    const fetchAtCarrier = jest.spyOn(harness.simulator, "fetchRecording").mockRejectedValueOnce(new Error("carrier down"));

    const failed = await audio(owner.userId, voicemailId);
    await harness.simulator.deleteRecording({ accountSid: harness.simulator.ownerOf(owner.dedicated).accountSid, recordingSid });
    const gone = await audio(owner.userId, voicemailId);

    expect(failed.status).toBe(502);
    expect(gone.status).toBe(404);
    fetchAtCarrier.mockRestore();
  });

  it("given voicemail switched off, or a business whose events lack the setting, then the answer does not record", async () => {
    const legacy = await businessWithNumber(harness, 3);
    await harness.publish("BusinessSettingsUpdated", other.businessId, {
      businessId: other.businessId,
      userId: other.userId,
      settings: { autoReplyEnabled: true, isActive: true, voicemailEnabled: false },
      updatedAt: timestampFromDate(new Date()),
    });
    await harness.until(() => harness.service.deps.sync.directory.business(other.businessId)?.voicemailEnabled === false);

    const legacyAnswer = await harness.simulator.phones.placeCall({ from: CALLER, to: legacy.dedicated, voicemail: { seconds: 5 } });
    const offAnswer = await harness.simulator.phones.placeCall({ from: CALLER, to: other.dedicated, voicemail: { seconds: 5 } });

    for (const answer of [legacyAnswer, offAnswer]) {
      expect(answer.webhook.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${NO_TEXT_ANSWER}</Say><Hangup/></Response>`);
      expect(answer.voicemail).toBeUndefined();
    }
    expect(harness.service.deps.sync.directory.business(legacy.businessId)?.voicemailEnabled).toBe(false);
  });

  it("given voicemail on but the business rejects missed calls, then <Reject/> and never a recording", async () => {
    const rejecting = await businessWithNumber(harness, 4, { voicemailEnabled: true, answerCalls: false });

    const answer = await harness.simulator.phones.placeCall({ from: CALLER, to: rejecting.dedicated, voicemail: { seconds: 5 } });

    expect(answer.webhook.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>');
    expect(answer.voicemail).toBeUndefined();
  });
});

describe("voicemail retention (component, moved clock)", () => {
  const clock = new FakeClock("2026-03-01T12:00:00Z");
  const harness = new TelephonyHarness();
  let owner: Awaited<ReturnType<typeof businessWithNumber>>;

  beforeAll(async () => {
    await harness.start({ VOICEMAIL_RETENTION_DAYS: 90 }, { clock });
    owner = await businessWithNumber(harness, 1, { voicemailEnabled: true });
  });

  afterAll(() => harness.stop());

  async function voicemail(seconds = 3): Promise<{ voicemailId: string; recordingSid: string }> {
    const before = harness.recorder.of("VoicemailRecorded").length;
    const placed = await harness.simulator.phones.placeCall({ from: CALLER, to: owner.dedicated, voicemail: { seconds, transcript: "Keep me" } });
    await harness.recorder.waitFor("VoicemailRecorded", before + 1);
    const recordingSid = placed.voicemail?.recordingSid ?? "";
    const event = harness.recorder.of("VoicemailRecorded").find((candidate) => candidate.payload.recordingSid === recordingSid);
    return { voicemailId: event?.payload.voicemailId ?? "", recordingSid };
  }

  const deletedEvents = (voicemailId: string) => harness.recorder.of("VoicemailDeleted").filter((event) => event.payload.voicemailId === voicemailId);
  const atCarrier = (recordingSid: string) =>
    harness.simulator.fetchRecording({ accountSid: harness.simulator.ownerOf(owner.dedicated).accountSid, recordingSid });

  it("given a voicemail, when 89 days pass, then it stays; past 90 days, the audio is deleted at the provider, once, with VoicemailDeleted", async () => {
    const { voicemailId, recordingSid } = await voicemail();

    clock.advance(89 * DAY_MS);
    await expect(deleteExpiredVoicemails(harness.service.deps)).resolves.toBe(0);
    expect(await atCarrier(recordingSid)).toBeDefined();

    clock.advance(1 * DAY_MS + 60_000);
    const counts = await Promise.all([deleteExpiredVoicemails(harness.service.deps), deleteExpiredVoicemails(harness.service.deps)]);
    const again = await deleteExpiredVoicemails(harness.service.deps);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(again).toBe(0);
    expect(await atCarrier(recordingSid)).toBeUndefined();
    await harness.until(() => deletedEvents(voicemailId).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deletedEvents(voicemailId)).toHaveLength(1);
    expect(deletedEvents(voicemailId)[0]?.payload).toMatchObject({ businessId: owner.businessId, callerNumber: CALLER });
    const stored = await harness.service.deps.voicemails.findById(voicemailId);
    expect(stored).toMatchObject({ transcript: "Keep me", deletedAt: clock.now() });
    expect((await fetch(`${harness.url}/api/voicemails/${voicemailId}/audio`, { headers: harness.userHeader(owner.userId) })).status).toBe(404);
  });

  it("given the provider fails the delete, then the voicemail stays for the next run, which deletes it", async () => {
    const { voicemailId, recordingSid } = await voicemail();
    clock.advance(91 * DAY_MS);
    const deleteAtCarrier = jest.spyOn(harness.simulator, "deleteRecording").mockRejectedValueOnce(new Error("carrier down"));

    await expect(deleteExpiredVoicemails(harness.service.deps)).resolves.toBe(0);
    expect(deletedEvents(voicemailId)).toHaveLength(0);
    await expect(deleteExpiredVoicemails(harness.service.deps)).resolves.toBe(1);

    expect(deleteAtCarrier).toHaveBeenCalledTimes(2);
    expect(await atCarrier(recordingSid)).toBeUndefined();
    await harness.until(() => deletedEvents(voicemailId).length === 1);
    deleteAtCarrier.mockRestore();
  });

  it("given a recording the provider already lost, then it is marked deleted all the same", async () => {
    const { voicemailId, recordingSid } = await voicemail();
    await harness.simulator.deleteRecording({ accountSid: harness.simulator.ownerOf(owner.dedicated).accountSid, recordingSid });
    clock.advance(91 * DAY_MS);

    await expect(deleteExpiredVoicemails(harness.service.deps)).resolves.toBe(1);

    await harness.until(() => deletedEvents(voicemailId).length === 1);
  });
});
