import { messagingV1 } from "@rebound/contracts";
import { EventRecorder } from "@rebound/testing";
import { setTimeout as sleep } from "node:timers/promises";
import { OwnerClient, simulatorMessages, startTestStandalone, waitUntil } from "./standalone-harness";

jest.setTimeout(120_000);

describe("a caller who asks in plain words to stop (standalone: carrier simulator, gateway, messaging)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let recorder: EventRecorder;
  const ada = { owner: undefined as unknown as OwnerClient, number: "" };
  const bob = { owner: undefined as unknown as OwnerClient, number: "" };

  async function setUp(who: typeof ada, email: string, pick: number) {
    who.owner = new OwnerClient(app.url);
    await who.owner.signUp(email);
    const search = await who.owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    who.number = search.body.numbers[pick]?.phoneNumber as string;
    expect([200, 201]).toContain((await who.owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: who.number })).status);
  }

  const sms = (from: string, to: string, body: string) =>
    fetch(`${app.url}/dev/simulator/sms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ from, to, body }) });
  const call = (from: string, to: string) =>
    fetch(`${app.url}/dev/simulator/calls`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ from, to }) });
  const consentLog = (owner: OwnerClient) => fetch(`${app.url}/api/messaging/consent-log.csv`, { headers: { cookie: owner.cookie } });

  beforeAll(async () => {
    app = await startTestStandalone();
    recorder = await EventRecorder.start(app.runtime.bus, ["SmsSuppressed", "CallerOptedOut", "CallerOptedIn"]);
    await setUp(ada, "ada@example.com", 0);
    await setUp(bob, "bob@example.com", 1);
    expect((await ada.owner.call("PATCH", "/api/business/profile", { businessName: "Ada Plumbing", businessPhone: "+12125550123" })).status).toBe(200);
    await sleep(500); // the profile and numbers reach messaging's read model through the bus
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  it("confirms once, texts nothing on the next missed call, and the owner's CSV lists the opt-out and the opt-in", async () => {
    const caller = "+15551237001";
    expect((await sms(caller, ada.number, "please stop texting me")).status).toBe(200);
    await waitUntil(async () => recorder.of("CallerOptedOut").some((e) => e.payload.callerNumber === caller), "the opt-out");
    expect((await sms(caller, ada.number, "Stop!!! 😡")).status).toBe(200);
    expect((await call(caller, ada.number)).status).toBe(200);
    await waitUntil(async () => recorder.of("SmsSuppressed").some((e) => e.payload.recipientNumber === caller), "the suppressed text");
    expect(recorder.of("SmsSuppressed").find((e) => e.payload.recipientNumber === caller)?.payload.reason).toBe(messagingV1.SuppressionReason.OPTED_OUT);
    await sleep(300);
    const texts = (await simulatorMessages(app.url, caller)).filter((message) => message.from === ada.number);
    expect(texts.map((message) => message.body)).toEqual([
      "Ada Plumbing: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.",
    ]);

    const other = "+15551237002";
    expect((await sms(other, bob.number, "STOP")).status).toBe(200);
    expect((await sms(caller, ada.number, "START")).status).toBe(200);
    await waitUntil(async () => recorder.of("CallerOptedIn").some((e) => e.payload.callerNumber === caller), "the opt-in");

    const response = await consentLog(ada.owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="rebound-consent-log.csv"');
    const lines = (await response.text()).split("\r\n").filter((line) => line !== "");
    expect(lines[0]).toBe("occurred_at_utc,caller_number,action,method,matched,caller_message,confirmation_text,message_sid");
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 6).join(","))).toEqual([
      `${caller},opted_out,phrase,stop texting me,please stop texting me`,
      `${caller},opted_out,keyword,STOP,Stop!!! 😡`,
      `${caller},opted_in,keyword,START,START`,
    ]);

    const bobs = await (await consentLog(bob.owner)).text();
    expect(bobs).toContain(`${other},opted_out,keyword,STOP`);
    expect(bobs).not.toContain(caller);
    expect(lines.join("\n")).not.toContain(other);
  });

  it("refuses the CSV without a session", async () => {
    expect((await fetch(`${app.url}/api/messaging/consent-log.csv`)).status).toBe(401);
  });
});
