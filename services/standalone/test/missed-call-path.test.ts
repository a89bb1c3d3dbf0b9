import { messagingV1 } from "@rebound/contracts";
import { EventRecorder } from "@rebound/testing";
import { setTimeout as sleep } from "node:timers/promises";
import { OwnerClient, postVoiceWebhook, simulatorMessages, startTestStandalone, waitUntil, type SimulatedMessage } from "./standalone-harness";

jest.setTimeout(120_000);

describe("the missed-call path in standalone mode (webhook -> CallMissed -> SMS at the carrier simulator)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let owner: OwnerClient;
  let dedicatedNumber: string;
  let recorder: EventRecorder;

  beforeAll(async () => {
    app = await startTestStandalone();
    recorder = await EventRecorder.start(app.runtime.bus, ["SmsSuppressed", "CallMissed"]);
    owner = new OwnerClient(app.url);
    await owner.signUp("owner@example.com");
    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]?.phoneNumber as string;
    expect([200, 201]).toContain((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status);
    await owner.registerUsTexting(); // carriers block texts to US callers from unregistered numbers
    expect((await owner.call("PATCH", "/api/business/profile", { businessName: "Ada Plumbing", businessPhone: "+12125550123" })).status).toBe(200);
    const settings = await owner.call("POST", "/api/business", {
      customMessage: "Sorry we missed you! [Business Name] will call you back within the hour.",
      afterHoursEnabled: false,
      afterHoursMessage: "",
      smsAutoReplyEnabled: false,
      smsAutoReplyMessage: "",
      timeZone: "America/New_York",
      isActive: true,
    });
    expect(settings.status).toBe(200);
    await sleep(500); // the settings reach messaging's read model through the bus
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  it("texts the caller the custom message with placeholders filled, exactly once, within a second", async () => {
    const caller = "+15551230001";
    const placed = await fetch(`${app.url}/dev/simulator/calls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: caller, to: dedicatedNumber }),
    });
    expect(placed.status).toBe(200);
    const started = Date.now();
    let messages: SimulatedMessage[] = [];
    await waitUntil(async () => (messages = await simulatorMessages(app.url, caller)).length > 0, "the SMS", 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    await sleep(300);
    messages = await simulatorMessages(app.url, caller);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      to: caller,
      from: dedicatedNumber,
      body: "Sorry we missed you! Ada Plumbing will call you back within the hour.",
    });
  });

  it("sends one SMS when Twilio posts the same voice webhook three times", async () => {
    const caller = "+15551230002";
    const params = {
      CallSid: "CAduplicate0000000000000000000001",
      AccountSid: "ACsimulator",
      From: caller,
      To: dedicatedNumber,
      CallStatus: "ringing",
      Direction: "inbound",
    };
    const answers = await Promise.all([1, 2, 3].map(() => postVoiceWebhook(app.url, params)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await waitUntil(async () => (await simulatorMessages(app.url, caller)).length > 0, "the SMS");
    await sleep(500);
    expect(await simulatorMessages(app.url, caller)).toHaveLength(1);
    expect(recorder.of("CallMissed").filter((event) => event.payload.callerNumber === caller)).toHaveLength(1);
  });

  it("refuses a voice webhook with a wrong signature with 403 and texts no one", async () => {
    const caller = "+15551230003";
    const params = {
      CallSid: "CAforged00000000000000000000000001",
      AccountSid: "ACsimulator",
      From: caller,
      To: dedicatedNumber,
      CallStatus: "ringing",
      Direction: "inbound",
    };
    const answer = await postVoiceWebhook(app.url, params, "not-the-auth-token");
    expect(answer.status).toBe(403);
    await sleep(700);
    expect(await simulatorMessages(app.url, caller)).toHaveLength(0);
    expect(recorder.of("CallMissed").filter((event) => event.payload.callerNumber === caller)).toHaveLength(0);
  });

  it("does not text a caller who replied STOP (SmsSuppressed opted_out), and texts again after START", async () => {
    const caller = "+15551230004";
    const sms = (body: string) =>
      fetch(`${app.url}/dev/simulator/sms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ from: caller, to: dedicatedNumber, body }),
      });
    const call = () =>
      fetch(`${app.url}/dev/simulator/calls`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ from: caller, to: dedicatedNumber }),
      });
    expect((await sms("STOP")).status).toBe(200);
    await sleep(300);
    expect((await call()).status).toBe(200);
    await waitUntil(
      async () => recorder.of("SmsSuppressed").some((event) => event.payload.recipientNumber === caller),
      "SmsSuppressed for the opted-out caller",
    );
    const suppressed = recorder.of("SmsSuppressed").find((event) => event.payload.recipientNumber === caller);
    expect(suppressed?.payload.reason).toBe(messagingV1.SuppressionReason.OPTED_OUT);
    expect(
      (await simulatorMessages(app.url, caller)).filter((message) => message.from === dedicatedNumber && !/stop|unsubscribed/i.test(message.body)),
    ).toHaveLength(0);

    expect((await sms("START")).status).toBe(200);
    await sleep(300);
    expect((await call()).status).toBe(200);
    await waitUntil(
      async () => (await simulatorMessages(app.url, caller)).some((message) => message.body.includes("Ada Plumbing will call you back")),
      "the text after START",
    );
  });
});
