// The voice webhook while the database is away (issue 29): Twilio never retries a voice webhook, so
// the caller still hears the business's answer and the call waits in the spool on disk until the
// database is back, then is recorded once with the time it came in.
import { timestampDate } from "@rebound/contracts";
import { drainCallSpool } from "../src/voice-webhook/call-spool";
import type { IncomingCall, RecordOutcome } from "../src/voice-webhook/incoming-call";
import { TelephonyHarness } from "./telephony-harness";

const CALLER = "+15551230044";
const ANSWER = "Sorry we missed your call. We will get back to you shortly.";
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("voice webhook while the database is unreachable", () => {
  const harness = new TelephonyHarness();
  let dedicated: string;

  beforeAll(async () => {
    await harness.start({ TELEPHONY_WEBHOOK_DB_BUDGET_MS: 300 });
    await harness.createBusiness("biz-out", "user-out", { businessPhone: "+15559870044" });
    const [number] = await harness.simulator.searchLocalNumbers("305", { limit: 1 });
    dedicated = number?.phoneNumber ?? "";
    expect((await harness.purchase("user-out", dedicated)).status).toBe(201);
    await harness.registerTexting("user-out");
  });
  afterAll(() => harness.stop());

  /** Makes the recorder fail (or hang) the way an unreachable database does, until restored. */
  function databaseAway(how: "refused" | "hangs"): () => void {
    const recorder = harness.service.deps.recorder;
    const real = recorder.record.bind(recorder);
    recorder.record = (_call: IncomingCall): Promise<RecordOutcome> => (how === "refused" ? Promise.reject(refused()) : new Promise(() => undefined));
    return () => {
      recorder.record = real;
    };
  }

  const missedOf = (callSid: string) => harness.recorder.of("CallMissed").filter((event) => event.payload.callSid === callSid);

  it.each(["refused", "hangs"] as const)(
    "given the database %s, then the caller hears the business's answer, the call is spooled, and recorded once with its real time when the database is back",
    async (how) => {
      const callSid = `CA0000000000000000000000000000${how === "refused" ? "0a01" : "0a02"}`;
      const restore = databaseAway(how);
      const before = Date.now();

      const answer = await harness.simulator.phones.placeCall({ from: CALLER, to: dedicated, callSid });

      expect(answer.webhook.status).toBe(200);
      expect(answer.webhook.body).toContain(`<Say>${ANSWER}</Say>`);
      expect(await harness.service.deps.callSpool.size()).toBe(1);
      // Still away: the drain keeps the call.
      await drainCallSpool(harness.service.deps);
      expect(await harness.service.deps.callSpool.size()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));

      restore();
      await drainCallSpool(harness.service.deps);
      await drainCallSpool(harness.service.deps);

      expect(await harness.service.deps.callSpool.size()).toBe(0);
      await harness.until(() => missedOf(callSid).length === 1);
      const [missed] = missedOf(callSid);
      const occurredAt = timestampDate(missed!.payload.occurredAt!).getTime();
      expect(occurredAt).toBeGreaterThanOrEqual(before - 5);
      expect(occurredAt).toBeLessThan(before + 250);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(missedOf(callSid)).toHaveLength(1);
    },
  );

  it("given a voicemail's recording callback while the database refuses, then answered, kept in the spool, and the voicemail recorded when the database is back", async () => {
    const callSid = "CA00000000000000000000000000000a03";
    await harness.simulator.phones.placeCall({ from: CALLER, to: dedicated, callSid });
    await harness.until(() => missedOf(callSid).length === 1);
    const calls = harness.service.deps.calls;
    const real = calls.findBySid.bind(calls);
    calls.findBySid = () => Promise.reject(refused());

    const response = await harness.postWebhook("/webhooks/twilio/recording", {
      AccountSid: "AC00000000000000000000000000000001",
      CallSid: callSid,
      RecordingSid: "RE00000000000000000000000000000a03",
      RecordingStatus: "completed",
      RecordingDuration: "6",
    });

    expect(response.status).toBe(200);
    expect(await harness.service.deps.callSpool.size()).toBe(1);
    calls.findBySid = real;
    await drainCallSpool(harness.service.deps);
    expect(await harness.service.deps.callSpool.size()).toBe(0);
    expect(await harness.service.deps.voicemails.findByRecordingSid("RE00000000000000000000000000000a03")).toMatchObject({ callSid, durationSeconds: 6 });
    await harness.until(() => harness.recorder.of("VoicemailRecorded").some((event) => event.payload.callSid === callSid));
  });
});
