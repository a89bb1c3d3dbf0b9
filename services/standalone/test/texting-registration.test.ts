// US texting registration (A2P 10DLC) through the gateway, the whole product in one process: the carrier
// simulator enforcing US carriers' 10DLC rule (30034), telephony's registration saga, messaging holding
// back texts to US callers until approved, and Your Results showing what happened (docs/texting-registration.md).
import { messagingV1 } from "@rebound/contracts";
import type { TextingRegistrationView } from "@rebound/contracts/domain";
import { EventRecorder, STANDARD_TEXTING_REGISTRATION } from "@rebound/testing";
import { setTimeout as sleep } from "node:timers/promises";
import { OwnerClient, simulatorMessages, startTestStandalone, waitUntil } from "./standalone-harness";

jest.setTimeout(120_000);

type Standalone = Awaited<ReturnType<typeof startTestStandalone>>;

const VERIFICATION_SENDER = "+19152782000";

const STANDARD = STANDARD_TEXTING_REGISTRATION;

const SOLE_PROPRIETOR = {
  kind: "sole_proprietor",
  firstName: "Sam",
  lastName: "Ortiz",
  email: "sam@example.com",
  mobilePhone: "+15125550177",
  street: "9 Elm St",
  city: "Austin",
  region: "TX",
  postalCode: "78702",
  country: "US",
};

/** A signed-up owner with a number in `areaCode`, a business name and a text-back message. */
async function ownerWithNumber(app: Standalone, email: string, areaCode: string, businessName: string): Promise<{ owner: OwnerClient; number: string }> {
  const owner = new OwnerClient(app.url);
  await owner.signUp(email);
  const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", `/api/phone-numbers/search/${areaCode}`);
  const number = search.body.numbers[0]?.phoneNumber as string;
  expect([200, 201]).toContain((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: number })).status);
  expect((await owner.call("PATCH", "/api/business/profile", { businessName, businessPhone: "+12125550123" })).status).toBe(200);
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
  return { owner, number };
}

const post = (app: Standalone, path: string, body: unknown) =>
  fetch(`${app.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A missed call at the simulator: `from` calls `to`, no one answers. */
async function missedCall(app: Standalone, from: string, to: string): Promise<void> {
  expect((await post(app, "/dev/simulator/calls", { from, to })).status).toBe(200);
}

async function registration(owner: OwnerClient): Promise<TextingRegistrationView> {
  const answer = await owner.call<TextingRegistrationView>("GET", "/api/texting-registration");
  expect(answer.status).toBe(200);
  return answer.body;
}

async function untilStatus(owner: OwnerClient, status: TextingRegistrationView["status"]): Promise<void> {
  let last: TextingRegistrationView | undefined;
  await waitUntil(async () => (last = await registration(owner)).status === status, `texting registration ${status}`, 30_000).catch((error: Error) => {
    throw new Error(`${error.message}; last: ${JSON.stringify(last)}`);
  });
}

describe("US texting registration through the gateway (registration required, carriers enforcing 10DLC)", () => {
  let app: Standalone;
  let recorder: EventRecorder;
  let ada: { owner: OwnerClient; number: string };
  let sam: { owner: OwnerClient; number: string };

  beforeAll(async () => {
    // The defaults, named: registration required, carriers enforcing 10DLC.
    app = await startTestStandalone({
      TEXTING_REGISTRATION_REQUIRED: "true",
      SIMULATOR_A2P_ENFORCEMENT: "true",
      SIMULATOR_A2P_BRAND_APPROVAL_MS: "300",
      SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "300",
    });
    recorder = await EventRecorder.start(app.runtime.bus, ["SmsSuppressed", "TextingRegistrationChanged"]);
    [ada, sam] = await Promise.all([
      ownerWithNumber(app, "ada@example.com", "415", "Ada Plumbing"),
      ownerWithNumber(app, "sam@example.com", "512", "Sam Ortiz"),
    ]);
    await sleep(500); // the settings reach messaging's read model through the bus
  });
  afterAll(async () => {
    await recorder?.stop();
    await app?.stop();
  });

  it("before registering: a US caller is not texted (suppressed registration_pending in Your Results), a Canadian caller is", async () => {
    const usCaller = "+15551230101";
    const canadianCaller = "+14165550123";
    await missedCall(app, usCaller, ada.number);
    await missedCall(app, canadianCaller, ada.number);

    await waitUntil(async () => (await simulatorMessages(app.url, canadianCaller)).length > 0, "the text to the Canadian caller");
    expect((await simulatorMessages(app.url, canadianCaller))[0]).toMatchObject({
      from: ada.number,
      body: "Sorry we missed you! Ada Plumbing will call you back within the hour.",
    });
    await waitUntil(async () => recorder.of("SmsSuppressed").some((event) => event.payload.recipientNumber === usCaller), "SmsSuppressed for the US caller");
    expect(recorder.of("SmsSuppressed").find((event) => event.payload.recipientNumber === usCaller)?.payload.reason).toBe(
      messagingV1.SuppressionReason.REGISTRATION_PENDING,
    );
    type Summary = { textBack: { notTexted: { suppressed: Record<string, number> } } };
    await waitUntil(
      async () => (await ada.owner.call<Summary>("GET", "/api/analytics/summary")).body.textBack?.notTexted.suppressed.registration_pending === 1,
      "Your Results to count the call as registration_pending",
    );
    expect(await simulatorMessages(app.url, usCaller)).toHaveLength(0);
  });

  it("standard: an all-zero EIN is refused with its field message; fixed, it is accepted, approved, and US callers are texted", async () => {
    const invalid = await ada.owner.call<{ errors: { field: string; message: string }[] }>("POST", "/api/texting-registration", {
      ...STANDARD,
      ein: "00-0000000",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({ field: "ein", message: "EIN must be 9 digits, e.g. 12-3456789" });
    expect((await registration(ada.owner)).status).toBe("not_started");

    expect((await ada.owner.call("POST", "/api/texting-registration", STANDARD)).status).toBe(202);
    await untilStatus(ada.owner, "approved");
    // Messaging learns it from TextingRegistrationChanged, a bus hop after telephony.
    await waitUntil(
      async () => recorder.of("TextingRegistrationChanged").some((event) => event.payload.usTextingAllowed && event.payload.messagingServiceSid !== ""),
      "TextingRegistrationChanged with US texting allowed",
    );
    await sleep(300);

    const usCaller = "+15551230102";
    await missedCall(app, usCaller, ada.number);
    await waitUntil(
      async () => (await simulatorMessages(app.url, usCaller)).some((message) => message.status === "delivered"),
      "the delivered text to the US caller",
    );
    expect((await simulatorMessages(app.url, usCaller))[0]).toMatchObject({ from: ada.number, body: expect.stringContaining("Ada Plumbing") });
  });

  it("sole proprietor: needs_verification until the owner's mobile replies YES (not NO) to +1 915 278 2000; no code to enter", async () => {
    expect((await sam.owner.call("POST", "/api/texting-registration", SOLE_PROPRIETOR)).status).toBe(202);
    await untilStatus(sam.owner, "needs_verification");
    await waitUntil(
      async () => (await simulatorMessages(app.url, SOLE_PROPRIETOR.mobilePhone)).some((message) => message.from === VERIFICATION_SENDER),
      "the verification text on the owner's mobile",
    );
    expect((await simulatorMessages(app.url, SOLE_PROPRIETOR.mobilePhone)).find((message) => message.from === VERIFICATION_SENDER)?.body).toContain(
      "replying YES",
    );

    const withCode = await sam.owner.call("POST", "/api/texting-registration/verify", { code: "123456" });
    expect(withCode.status).toBe(400);
    expect(withCode.body).toMatchObject({ message: "There is no code to enter: reply YES to the text from +1 (915) 278-2000 on your mobile." });

    expect((await post(app, "/dev/simulator/sms", { from: SOLE_PROPRIETOR.mobilePhone, to: VERIFICATION_SENDER, body: "NO" })).status).toBe(200);
    await sleep(500); // a few registration ticks
    expect((await registration(sam.owner)).status).toBe("needs_verification");

    expect((await post(app, "/dev/simulator/sms", { from: SOLE_PROPRIETOR.mobilePhone, to: VERIFICATION_SENDER, body: "YES" })).status).toBe(200);
    await untilStatus(sam.owner, "approved");
  });

  it("another owner's registration is their own: not_started", async () => {
    const other = new OwnerClient(app.url);
    await other.signUp("other@example.com");
    const view = await registration(other);
    expect(view).toMatchObject({ status: "not_started", kind: null, submittedAt: null, approvedAt: null });
  });
});

describe("carriers enforcing 10DLC while registration is not required: the owner sees why a text was not delivered", () => {
  let app: Standalone;
  let ada: { owner: OwnerClient; number: string };

  beforeAll(async () => {
    app = await startTestStandalone({ TEXTING_REGISTRATION_REQUIRED: "false", SIMULATOR_A2P_ENFORCEMENT: "true" });
    ada = await ownerWithNumber(app, "ada@example.com", "415", "Ada Plumbing");
    await sleep(500); // the settings reach messaging's read model through the bus
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("a text from an unregistered number to a US caller is accepted, ends undelivered with 30034, and Your Results says so in words", async () => {
    const usCaller = "+15551230201";
    await missedCall(app, usCaller, ada.number);
    await waitUntil(
      async () => (await simulatorMessages(app.url, usCaller)).some((message) => message.status === "undelivered"),
      "the text to end undelivered",
    );
    expect(await simulatorMessages(app.url, usCaller)).toHaveLength(1);

    type Stats = { recentSms: { number: string; status: string; errorCode?: string; errorDescription?: string | null }[] };
    let text: Stats["recentSms"][number] | undefined;
    await waitUntil(async () => {
      text = (await ada.owner.call<Stats>("GET", "/api/analytics/stats")).body.recentSms?.find((entry) => entry.number === usCaller);
      return text?.status === "failed";
    }, "Your Results to show the failed text");
    expect(text).toMatchObject({ status: "failed", errorCode: "30034", errorDescription: "Blocked by the carrier: texting registration" });
  });
});
