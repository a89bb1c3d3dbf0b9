// Issue 18 on a fresh standalone (as `npm start` runs it): signed voice webhooks with Twilio's full
// parameter set from withheld caller ids, international mobiles and a caller whose STIR/SHAKEN check
// failed get an answer that promises no text, no text at the carrier and one SmsSuppressed each with
// its reason; a normal US caller is still texted once, with the business named.
import { messagingV1, telephonyV1 } from "@rebound/contracts";
import { EventRecorder } from "@rebound/testing";
import { setTimeout as sleep } from "node:timers/promises";
import { OwnerClient, postVoiceWebhook, simulatorMessages, startTestStandalone, waitUntil } from "./standalone-harness";

jest.setTimeout(120_000);

const { SuppressionReason } = messagingV1;
const NO_TEXT_SAY = "<Say>Sorry we missed your call. Please call again later.</Say>";

/**
 * A new business takes voicemails (docs/conversations.md section 3): its spoken answer, then <Record> with the
 * gateway's voicemail webhooks, then <Hangup/>.
 */
function recordingAnswer(say: string, base: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Response>${say}` +
    `<Record maxLength="120" trim="trim-silence" playBeep="true" timeout="5" action="${base}/webhooks/twilio/voicemail"` +
    ` recordingStatusCallback="${base}/webhooks/twilio/recording" recordingStatusCallbackEvent="completed" transcribe="true"` +
    ` transcribeCallback="${base}/webhooks/twilio/transcription"/><Hangup/></Response>`
  );
}

/** Every parameter Twilio documents for an incoming voice call (https://www.twilio.com/docs/voice/twiml#request-parameters). */
function twilioVoiceParams(callSid: string, from: string, to: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    AccountSid: `AC${"5".repeat(32)}`,
    ApiVersion: "2010-04-01",
    CallSid: callSid,
    CallStatus: "ringing",
    CallToken: "%7B%22parentCallInfoToken%22%3A%22eyJhbGciOiJFUzI1NiJ9%22%7D",
    Called: to,
    CalledCity: "SAN FRANCISCO",
    CalledCountry: "US",
    CalledState: "CA",
    CalledZip: "94105",
    Caller: from,
    CallerCity: "",
    CallerCountry: "",
    CallerState: "",
    CallerZip: "",
    Direction: "inbound",
    From: from,
    FromCity: "",
    FromCountry: "",
    FromState: "",
    FromZip: "",
    To: to,
    ToCity: "SAN FRANCISCO",
    ToCountry: "US",
    ToState: "CA",
    ToZip: "94105",
    ...extra,
  };
}

describe("real caller traffic in standalone mode (issue 18)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let owner: OwnerClient;
  let dedicatedNumber: string;
  let recorder: EventRecorder;
  let sequence = 0;

  beforeAll(async () => {
    app = await startTestStandalone();
    recorder = await EventRecorder.start(app.runtime.bus, ["SmsSuppressed", "CallMissed", "SmsQueued"]);
    owner = new OwnerClient(app.url);
    await owner.signUp("caller-traffic@example.com");
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]?.phoneNumber as string;
    expect([200, 201]).toContain((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status);
    await owner.registerUsTexting(); // carriers block texts to US callers from unregistered numbers
    // The business name is never filled in: texts name the business by the owner's name from sign-up.
    const settings = await owner.call("POST", "/api/business", {
      customMessage: "Sorry we missed you! [Business Name] will call you back within the hour.",
      afterHoursEnabled: false,
      timeZone: "America/New_York",
      isActive: true,
    });
    expect(settings.status).toBe(200);
    await sleep(500); // the settings reach telephony's directory and messaging's read model through the bus
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  async function call(from: string, extra: Record<string, string> = {}) {
    sequence += 1;
    const callSid = `CA${String(sequence).padStart(32, "0")}`;
    const answer = await postVoiceWebhook(app.url, twilioVoiceParams(callSid, from, dedicatedNumber, extra));
    expect(answer.status).toBe(200);
    const twiml = await answer.text();
    await waitUntil(async () => recorder.of("CallMissed").some((event) => event.payload.callSid === callSid), `CallMissed of ${callSid}`);
    const missed = recorder.of("CallMissed").find((event) => event.payload.callSid === callSid);
    return { callSid, twiml, callId: missed?.payload.callId as string, missed: missed?.payload };
  }

  async function suppressionsOf(callId: string) {
    await waitUntil(async () => recorder.of("SmsSuppressed").some((event) => event.payload.callId === callId), `SmsSuppressed of ${callId}`);
    await sleep(200); // a second one would have arrived by now
    return recorder.of("SmsSuppressed").filter((event) => event.payload.callId === callId);
  }

  const withheld = ["+266696687", "+7378742833", "+86282452253", "+8656696", "+2562533", "Anonymous", "Restricted", "Unknown", "Private", "Unavailable"];

  it.each([
    ...withheld.map((from) => [`withheld caller id ${from}`, from, {}, SuppressionReason.WITHHELD_CALLER_ID, telephonyV1.CallerIdKind.WITHHELD] as const),
    ["a UK mobile", "+447700900123", {}, SuppressionReason.INTERNATIONAL, telephonyV1.CallerIdKind.INTERNATIONAL] as const,
    ["a Mexican mobile", "+5215512345678", {}, SuppressionReason.INTERNATIONAL, telephonyV1.CallerIdKind.INTERNATIONAL] as const,
    [
      "a US caller whose STIR/SHAKEN check failed",
      "+14155550142",
      { StirVerstat: "TN-Validation-Failed-A" },
      SuppressionReason.LIKELY_SPOOFED,
      telephonyV1.CallerIdKind.US_CANADA,
    ] as const,
  ])(
    "given %s, then an answer that promises no text, no text at the carrier and one SmsSuppressed with its reason",
    async (_case, from, extra, reason, kind) => {
      const placed = await call(from, extra);

      expect(placed.twiml).toBe(recordingAnswer(NO_TEXT_SAY, app.url));
      expect(placed.twiml).not.toMatch(/\btext\b/i);
      expect(placed.missed?.callerIdKind).toBe(kind);
      const suppressed = await suppressionsOf(placed.callId);
      expect(suppressed.map((event) => event.payload.reason)).toEqual([reason]);
      expect(recorder.of("SmsQueued").filter((event) => event.payload.callId === placed.callId)).toHaveLength(0);
      expect(from === "" ? [] : await simulatorMessages(app.url, from)).toEqual([]);
    },
  );

  it("given no caller id at all (From empty), then the no-text answer and one SmsSuppressed withheld_caller_id", async () => {
    const placed = await call("");

    expect(placed.twiml).toBe(recordingAnswer(NO_TEXT_SAY, app.url));
    expect((await suppressionsOf(placed.callId)).map((event) => event.payload.reason)).toEqual([SuppressionReason.WITHHELD_CALLER_ID]);
  });

  it("given a normal US caller (STIR/SHAKEN passed), then a neutral answer and one text naming the business by its owner", async () => {
    const caller = "+14155550143";

    const placed = await call(caller, { StirVerstat: "TN-Validation-Passed-A" });

    expect(placed.twiml).toBe(recordingAnswer("<Say>Sorry we missed your call. We will get back to you shortly.</Say>", app.url));
    await waitUntil(async () => (await simulatorMessages(app.url, caller)).length > 0, "the SMS");
    await sleep(300);
    const messages = await simulatorMessages(app.url, caller);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ from: dedicatedNumber, body: "Sorry we missed you! Ada Owner will call you back within the hour." });
    expect(recorder.of("SmsSuppressed").filter((event) => event.payload.callId === placed.callId)).toHaveLength(0);
  });

  it("given the owner allows international callers and chose <Reject/> when no text follows, then the UK caller is texted and a withheld caller is rejected", async () => {
    const saved = await owner.call("POST", "/api/business", {
      customMessage: "Sorry we missed you! [Business Name] will call you back within the hour.",
      timeZone: "America/New_York",
      allowInternationalCallers: true,
      voiceNoTextAnswer: "reject",
      voiceTextMessage: "Thanks for calling. We will text you right away.",
    });
    expect(saved.status).toBe(200);
    await sleep(500);
    const uk = "+447700900124";

    const texted = await call(uk);
    const rejected = await call("Anonymous");

    expect(texted.twiml).toContain("<Say>Thanks for calling. We will text you right away.</Say>");
    // <Reject/> never records, voicemail or not.
    expect(rejected.twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>');
    await waitUntil(async () => (await simulatorMessages(app.url, uk)).length > 0, "the SMS to the UK caller");
    expect((await suppressionsOf(rejected.callId)).map((event) => event.payload.reason)).toEqual([SuppressionReason.WITHHELD_CALLER_ID]);
  });
});
