import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import { CallRecorder } from "../src/voice-webhook/call-recorder";
import type { IncomingCall } from "../src/voice-webhook/incoming-call";
import { TelephonyHarness } from "./telephony-harness";

const CALLER = "+15551230001";
const ANSWER = "Sorry we missed your call. We will get back to you shortly.";
const NO_TEXT_ANSWER = "Sorry we missed your call. Please call again later.";

describe("voice webhook (component)", () => {
  const harness = new TelephonyHarness();
  let dedicated: string;

  beforeAll(async () => {
    await harness.start();
    await harness.createBusiness("biz-1", "user-1", { businessPhone: "+15559870001" });
    const [number] = await harness.simulator.searchLocalNumbers("305", { limit: 1 });
    dedicated = number?.phoneNumber ?? "";
    expect((await harness.purchase("user-1", dedicated)).status).toBe(201);
    // A business that texts its callers: its US texting registration is approved, so the answer may promise a text.
    await harness.registerTexting("user-1");
  });

  afterAll(() => harness.stop());

  const callsWith = (callSid: string) => ({
    missed: harness.recorder.of("CallMissed").filter((event) => event.payload.callSid === callSid),
    received: harness.recorder.of("CallReceived").filter((event) => event.payload.callSid === callSid),
  });

  it("given the same CallSid posted three times, when handled, then one call, exactly one CallMissed with the right payload, the same TwiML each time", async () => {
    const callSid = "CA00000000000000000000000000000001";

    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      answers.push(await harness.simulator.phones.placeCall({ from: CALLER, to: dedicated, callSid }));
    }

    expect(answers.map((answer) => answer.webhook.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.webhook.body)).size).toBe(1);
    expect(answers[0]?.webhook.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${ANSWER}</Say><Hangup/></Response>`);
    const [missed] = await harness.recorder.waitFor("CallMissed", 1);
    await harness.recorder.waitFor("CallReceived", 1);
    await new Promise((resolve) => setTimeout(resolve, 200)); // a second event would have arrived by now
    expect(callsWith(callSid).missed).toHaveLength(1);
    expect(callsWith(callSid).received).toHaveLength(1);
    expect(missed?.key).toBe("biz-1");
    expect(missed?.payload).toMatchObject({ businessId: "biz-1", callSid, callerNumber: CALLER, dedicatedNumber: dedicated, callId: expect.any(String) });
    expect(callsWith(callSid).received[0]?.payload).toMatchObject({
      callId: missed?.payload.callId,
      callerNumber: CALLER,
      toNumber: dedicated,
      direction: telephonyV1.CallDirection.INBOUND,
      callStatus: "ringing",
      purpose: telephonyV1.CallPurpose.MISSED_CALL,
      wasAnswered: false,
    });
    await expect(harness.service.deps.db.client.call.count({ where: { callSid } })).resolves.toBe(1);
  });

  it("given many different calls at once, when handled concurrently, then every one gets its own CallMissed", async () => {
    const callSids = Array.from({ length: 25 }, (_, index) => `CA1000000000000000000000000000${String(index).padStart(4, "0")}`);

    const answers = await Promise.all(
      callSids.map((callSid, index) => harness.simulator.phones.placeCall({ from: `+1555123${String(1000 + index)}`, to: dedicated, callSid })),
    );

    expect(answers.every((answer) => answer.webhook.status === 200)).toBe(true);
    await harness.until(() => callSids.every((callSid) => callsWith(callSid).missed.length === 1));
    expect(callSids.map((callSid) => callsWith(callSid).missed.length)).toEqual(callSids.map(() => 1));
  });

  it("given calls that arrive in the same event-loop turn, when recorded, then they share one transaction and a repeated CallSid inside it counts once", async () => {
    const recorder = new CallRecorder(harness.service.deps);
    const call = (callSid: string): IncomingCall => ({
      callSid,
      from: CALLER,
      to: dedicated,
      callStatus: "ringing",
      direction: "inbound",
      businessId: "biz-1",
      purpose: telephonyV1.CallPurpose.MISSED_CALL,
    });
    const callSids = Array.from({ length: 10 }, (_, index) => `CA2000000000000000000000000000${String(index).padStart(4, "0")}`);

    const outcomes = await Promise.all([...callSids.map((callSid) => recorder.record(call(callSid))), recorder.record(call(callSids[0] ?? ""))]);

    // Rows a transaction wrote carry its id in xmin: one transaction wrote them all.
    const writers = await harness.service.deps.db.client.$queryRawUnsafe<{ xmin: string }[]>(
      `SELECT DISTINCT xmin::text AS xmin FROM "telephony"."calls" WHERE call_sid = ANY($1::text[])`,
      callSids,
    );
    expect(writers).toHaveLength(1);
    expect(outcomes.map((outcome) => outcome.recorded)).toEqual([...callSids.map(() => true), false]);
    await harness.until(() => callSids.every((callSid) => callsWith(callSid).missed.length === 1));
  });

  it("given a call from the business's own phone, when handled, then it is still a CallMissed (messaging suppresses it as own_number)", async () => {
    const answer = await harness.simulator.phones.placeCall({ from: "+15559870001", to: dedicated, callSid: "CA00000000000000000000000000000002" });

    expect(answer.webhook.status).toBe(200);
    await harness.until(() => callsWith("CA00000000000000000000000000000002").missed.length === 1);
  });

  it("given a caller with a withheld number, when handled, then the no-text answer and a CallMissed marked withheld (messaging suppresses it)", async () => {
    const callSid = "CA00000000000000000000000000000003";

    const answer = await harness.simulator.phones.placeCall({ from: "anonymous", to: dedicated, callSid });

    expect(answer.webhook.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${NO_TEXT_ANSWER}</Say><Hangup/></Response>`);
    await harness.until(() => callsWith(callSid).missed.length === 1);
    expect(callsWith(callSid).missed[0]?.payload).toMatchObject({ callerNumber: "anonymous", callerIdKind: telephonyV1.CallerIdKind.WITHHELD });
    expect(callsWith(callSid).received[0]?.payload.callerIdKind).toBe(telephonyV1.CallerIdKind.WITHHELD);
  });

  it("given the business chose not to answer, when a call arrives, then <Reject/> and the call is still a CallMissed", async () => {
    await harness.publish("BusinessSettingsUpdated", "biz-1", {
      businessId: "biz-1",
      userId: "user-1",
      settings: { autoReplyEnabled: false, isActive: true },
      updatedAt: timestampFromDate(new Date()),
    });
    await harness.until(() => harness.service.deps.sync.directory.business("biz-1")?.answerCalls === false);

    const answer = await harness.simulator.phones.placeCall({ from: CALLER, to: dedicated, callSid: "CA00000000000000000000000000000004" });

    expect(answer.webhook.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>');
    await harness.until(() => callsWith("CA00000000000000000000000000000004").missed.length === 1);
  });

  it("given a To number that is not ours, when the webhook arrives, then polite TwiML, nothing recorded, and a warning logged", async () => {
    const callSid = "CA00000000000000000000000000000005";

    const answer = await harness.simulator.phones.placeCall({ from: CALLER, to: "+19995550123", callSid });

    expect(answer.webhook.status).toBe(200);
    expect(answer.webhook.body).toContain("<Say>The number you have called is not in service. Goodbye.</Say><Hangup/>");
    expect(harness.logs).toContainEqual(expect.objectContaining({ level: 40, callSid, to: "+19995550123" }));
    await expect(harness.service.deps.db.client.call.count({ where: { callSid } })).resolves.toBe(0);
  });

  it("given a body without CallSid, when posted, then the no-text TwiML (not JSON), nothing recorded, and a warning naming the field", async () => {
    const callsBefore = await harness.service.deps.db.client.call.count();
    const response = await fetch(`${harness.url}/webhooks/twilio/voice`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ To: dedicated, From: CALLER }),
    });

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/xml");
    expect(await response.text()).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${NO_TEXT_ANSWER}</Say><Hangup/></Response>`);
    expect(harness.logs).toContainEqual(expect.objectContaining({ level: 40, fields: [{ field: "CallSid", message: "CallSid is required" }] }));
    await expect(harness.service.deps.db.client.call.count()).resolves.toBe(callsBefore);
  });
});
