// US texting registration (docs/texting-registration.md C7) through messaging's own harness: the
// business's account and messaging service on every send, TEXTING_REGISTRATION_REQUIRED in decide,
// the owner's registration e-mails (once per registration and status), and the owner alert's words.
import { messagingV1, telephonyV1, timestampFromDate, type EventPayloadInit } from "@rebound/contracts";
import { FakeClock } from "@rebound/testing";
import { MESSAGING_JOBS } from "../src/service";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

const US_CALLER = "+12125550142";
const CANADIAN_CALLER = "+14165550123";
const ACCOUNT = "AC00000000000000000000000000000001";
const SERVICE = "MG00000000000000000000000000000001";

type Business = ReturnType<typeof newBusiness>;

function registrationChanged(
  b: Business,
  status: telephonyV1.TextingRegistrationStatus,
  at: Date,
  overrides: { registrationId?: string; failureReason?: string; failureCode?: string; kind?: telephonyV1.TextingRegistrationKind } = {},
): EventPayloadInit<"TextingRegistrationChanged"> {
  return {
    businessId: b.businessId,
    userId: b.userId,
    registrationId: `reg-${b.businessId}`,
    status,
    kind: telephonyV1.TextingRegistrationKind.STANDARD,
    accountSid: ACCOUNT,
    messagingServiceSid: status === telephonyV1.TextingRegistrationStatus.APPROVED ? SERVICE : "",
    usTextingAllowed: status === telephonyV1.TextingRegistrationStatus.APPROVED,
    changedAt: timestampFromDate(at),
    ...overrides,
  };
}

/** A business whose number telephony bought in its subaccount, not registered (yet). */
const seedInAccount = (h: Harness, b: Business) => h.seedBusiness(b, b.dedicated, { registered: false, accountSid: ACCOUNT });

async function approve(h: Harness, b: Business, at: Date): Promise<void> {
  await h.publish("TextingRegistrationChanged", b.businessId, registrationChanged(b, telephonyV1.TextingRegistrationStatus.APPROVED, at));
  await waitUntil(async () => (await h.db.client.businessConfig.findUnique({ where: { businessId: b.businessId } }))?.usTextingAllowed === true);
}

let calls = 0;
const callId = () => `reg-call-${++calls}`;

describe("texting registration: registration required (TEXTING_REGISTRATION_REQUIRED, the default)", () => {
  let h: Harness;
  const clock = new FakeClock("2026-01-05T15:00:00Z");

  beforeAll(async () => {
    h = await startMessaging({ clock, config: { MESSAGING_SEND_TIMEOUT_MS: 300 } });
  });
  afterAll(() => h.stop());

  it("does not text a US caller of a business not registered yet (SmsSuppressed registration_pending), and lists the call in the owner alert", async () => {
    const b = newBusiness({ name: "Waiting Co", ownerEmail: "waiting@acme.example", settings: { ownerAlertsEnabled: true } });
    await seedInAccount(h, b);
    const id = callId();
    await h.missedCall({ businessId: b.businessId, callId: id, from: US_CALLER, to: b.dedicated });
    const suppressed = await h.eventOf("SmsSuppressed", (p) => p.callId === id);
    expect(suppressed.reason).toBe(messagingV1.SuppressionReason.REGISTRATION_PENDING);
    await settle(100);
    expect(h.provider.calls.filter((c) => c.request.to === US_CALLER)).toHaveLength(0);

    const before = h.mailer.sent.length;
    await h.job(MESSAGING_JOBS.ownerAlerts)();
    const mail = h.mailer.sent.slice(before).find((m) => m.to === "waiting@acme.example");
    expect(mail?.subject).toBe(`Rebound: missed call from ${US_CALLER} not texted back`);
    expect(mail?.text).toContain("A caller who missed Waiting Co was not texted back, waiting for texting approval");
    expect(mail?.text).toMatch(/Finish your texting registration in Setup → Texting registration: http:\/\/[^ ]+\/app\/setup/);
  });

  it("texts a Canadian caller at once, from the business's account", async () => {
    const b = newBusiness();
    await seedInAccount(h, b);
    const id = callId();
    await h.missedCall({ businessId: b.businessId, callId: id, from: CANADIAN_CALLER, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === id);
    const sent = h.provider.calls.filter((c) => c.request.to === CANADIAN_CALLER && c.request.from === b.dedicated).map((c) => c.request);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.accountSid).toBe(ACCOUNT);
    expect(sent[0]?.messagingServiceSid).toBeUndefined();
  });

  it("texts US callers once the registration is approved, through the business's messaging service in its account", async () => {
    const b = newBusiness();
    await seedInAccount(h, b);
    await approve(h, b, clock.now());
    const id = callId();
    const caller = "+12125550143";
    await h.missedCall({ businessId: b.businessId, callId: id, from: caller, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === id);
    expect(h.provider.calls.filter((c) => c.request.to === caller).map((c) => c.request)).toEqual([
      expect.objectContaining({ from: b.dedicated, to: caller, accountSid: ACCOUNT, messagingServiceSid: SERVICE }),
    ]);
  });

  it("keeps the latest change whatever order the events arrive in", async () => {
    const b = newBusiness();
    await seedInAccount(h, b);
    const now = clock.now();
    await approve(h, b, now);
    // An older change (submitted, not allowed) delivered late changes nothing.
    const late = await h.publish(
      "TextingRegistrationChanged",
      b.businessId,
      registrationChanged(b, telephonyV1.TextingRegistrationStatus.SUBMITTED, new Date(now.getTime() - 60_000)),
    );
    await waitUntil(async () => (await h.db.client.processedEvent.count({ where: { eventId: late.id } })) === 1);
    const row = await h.db.client.businessConfig.findUnique({ where: { businessId: b.businessId } });
    expect(row).toMatchObject({ usTextingAllowed: true, messagingServiceSid: SERVICE, registrationChangedAt: now });

    const id = callId();
    await h.missedCall({ businessId: b.businessId, callId: id, from: "+12125550144", to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === id);
  });

  it("looks for a text in the business's account before sending it again (recovery)", async () => {
    const b = newBusiness();
    await seedInAccount(h, b);
    const caller = "+14165550124";
    h.provider.acceptButHangNext();
    const id = callId();
    await h.missedCall({ businessId: b.businessId, callId: id, from: caller, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === id);
    expect(h.provider.findQueries.filter((q) => q.to === caller)).toEqual([expect.objectContaining({ from: b.dedicated, accountSid: ACCOUNT })]);
    expect(h.provider.calls.filter((c) => c.request.to === caller)).toHaveLength(1);
  });

  it("sends from the main account once the number is released with its account", async () => {
    const b = newBusiness();
    await seedInAccount(h, b);
    await h.publish("PhoneNumberReleased", b.businessId, { businessId: b.businessId, userId: b.userId, phoneNumber: b.dedicated, providerSid: "PN1" });
    await waitUntil(async () => (await h.db.client.businessConfig.findUnique({ where: { businessId: b.businessId } }))?.dedicatedNumber === null);
    const row = await h.db.client.businessConfig.findUnique({ where: { businessId: b.businessId } });
    expect(row?.accountSid).toBeNull();
  });

  it("tells the owner when the carrier blocks a text for want of registration (30034), in words", async () => {
    clock.advance(60 * 60_000);
    const b = newBusiness({ name: "Blocked Co", ownerEmail: "blocked@acme.example", settings: { ownerAlertsEnabled: true } });
    await seedInAccount(h, b);
    const id = callId();
    await h.missedCall({ businessId: b.businessId, callId: id, from: CANADIAN_CALLER, to: b.dedicated });
    const sent = await h.eventOf("SmsSent", (p) => p.callId === id);
    const answer = await h.post("/webhooks/twilio/status", {
      MessageSid: sent.providerSid,
      MessageStatus: "undelivered",
      ErrorCode: "30034",
      ErrorMessage: "US A2P 10DLC - Message from an Unregistered Number",
    });
    expect(answer.status).toBeLessThan(300);
    await waitUntil(async () => (await h.db.client.ownerAlert.count({ where: { businessId: b.businessId, kind: "not_delivered" } })) === 1);

    const before = h.mailer.sent.length;
    await h.job(MESSAGING_JOBS.ownerAlerts)();
    const mail = h.mailer.sent.slice(before).find((m) => m.to === "blocked@acme.example");
    expect(mail?.text).toContain("A text to a caller was not delivered: your texting registration needs attention.");
    expect(mail?.text).toContain("Blocked by the carrier: texting registration. US carriers only deliver texts from registered numbers.");
  });
});

describe("texting registration: the setting off (TEXTING_REGISTRATION_REQUIRED=false)", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startMessaging({ telephony: { TEXTING_REGISTRATION_REQUIRED: false } });
  });
  afterAll(() => h.stop());

  it("texts a US caller of a business not registered, as before, from its account", async () => {
    const b = newBusiness();
    await seedInAccount(h, b);
    const id = callId();
    await h.missedCall({ businessId: b.businessId, callId: id, from: US_CALLER, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === id);
    expect(h.provider.calls.filter((c) => c.request.to === US_CALLER).map((c) => c.request.accountSid)).toEqual([ACCOUNT]);
  });

  it("sends a business in the main account exactly the request it sent before", async () => {
    const b = newBusiness();
    await h.seedBusiness(b, b.dedicated, { registered: false });
    const id = callId();
    const caller = "+12125550145";
    await h.missedCall({ businessId: b.businessId, callId: id, from: caller, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === id);
    const [request] = h.provider.calls.filter((c) => c.request.to === caller).map((c) => c.request);
    expect(Object.keys(request ?? {}).sort()).toEqual(["body", "from", "statusCallbackUrl", "to"]);
  });
});

describe("texting registration e-mails to the owner", () => {
  let h: Harness;
  const clock = new FakeClock("2026-02-02T15:00:00Z");

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());

  const mailsTo = (to: string) => h.mailer.sent.filter((mail) => mail.to === to);

  it("e-mails approved, failed (the reason and the fix) and reply YES, once per registration and status", async () => {
    const b = newBusiness({ name: "Mail Co", ownerEmail: "reg@acme.example" });
    await seedInAccount(h, b);
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

    const verification = await h.publish(
      "TextingRegistrationChanged",
      b.businessId,
      registrationChanged(b, telephonyV1.TextingRegistrationStatus.NEEDS_VERIFICATION, at(1), { kind: telephonyV1.TextingRegistrationKind.SOLE_PROPRIETOR }),
    );
    await waitUntil(() => mailsTo("reg@acme.example").length === 1);
    expect(mailsTo("reg@acme.example")[0]?.subject).toBe("Rebound: reply YES to confirm your texting registration");
    expect(mailsTo("reg@acme.example")[0]?.text).toContain("Reply YES to the text from +1 (915) 278-2000 on your mobile");

    // Redelivered (same event), and the same status again under a new event id: no second e-mail.
    await h.republish(verification);
    await h.publish(
      "TextingRegistrationChanged",
      b.businessId,
      registrationChanged(b, telephonyV1.TextingRegistrationStatus.NEEDS_VERIFICATION, at(2), { kind: telephonyV1.TextingRegistrationKind.SOLE_PROPRIETOR }),
    );
    await approve(h, b, at(3));
    await waitUntil(() => mailsTo("reg@acme.example").length === 2);
    await h.job(MESSAGING_JOBS.registrationEmails)();
    await settle(200);
    const mails = mailsTo("reg@acme.example");
    expect(mails.map((mail) => mail.subject)).toEqual(["Rebound: reply YES to confirm your texting registration", "Rebound: Texting is live for US callers"]);
    expect(mails[1]?.text).toContain("Texting is live for US callers.");

    // A new attempt that failed: its reason and what to fix.
    await h.publish(
      "TextingRegistrationChanged",
      b.businessId,
      registrationChanged(b, telephonyV1.TextingRegistrationStatus.FAILED, at(4), {
        registrationId: `reg-${b.businessId}-2`,
        failureReason: "The submitted US EIN is invalid. Check the 9 digits of your EIN.",
        failureCode: "30795",
      }),
    );
    await waitUntil(() => mailsTo("reg@acme.example").length === 3);
    const failed = mailsTo("reg@acme.example")[2];
    expect(failed?.subject).toBe("Rebound: your texting registration was not approved");
    expect(failed?.text).toContain("Reason: The submitted US EIN is invalid. Check the 9 digits of your EIN.");
    expect(failed?.text).toMatch(/submit the registration again in Setup → Texting registration/);
    expect(failed?.text).toMatch(/Fix and submit again: http:\/\/[^ ]+\/app\/setup/);
    expect(await h.db.client.businessConfig.findUnique({ where: { businessId: b.businessId } })).toMatchObject({ usTextingAllowed: false });
  });

  it("keeps an e-mail pending when the mailer fails and sends it on the next run", async () => {
    const b = newBusiness({ ownerEmail: "retry-reg@acme.example" });
    await seedInAccount(h, b);
    h.mailer.failures = 1;
    await h.publish("TextingRegistrationChanged", b.businessId, registrationChanged(b, telephonyV1.TextingRegistrationStatus.APPROVED, clock.now()));
    await waitUntil(async () => (await h.db.client.registrationEmail.count({ where: { businessId: b.businessId } })) === 1);
    await settle(200);
    expect(mailsTo("retry-reg@acme.example")).toHaveLength(0);
    await h.job(MESSAGING_JOBS.registrationEmails)();
    expect(mailsTo("retry-reg@acme.example").map((mail) => mail.subject)).toEqual(["Rebound: Texting is live for US callers"]);
  });

  it("sends no e-mail for a status the owner is not e-mailed about (submitted)", async () => {
    const b = newBusiness({ ownerEmail: "quiet-reg@acme.example" });
    await seedInAccount(h, b);
    const event = await h.publish(
      "TextingRegistrationChanged",
      b.businessId,
      registrationChanged(b, telephonyV1.TextingRegistrationStatus.SUBMITTED, clock.now()),
    );
    await waitUntil(async () => (await h.db.client.processedEvent.count({ where: { eventId: event.id } })) === 1);
    await h.job(MESSAGING_JOBS.registrationEmails)();
    expect(mailsTo("quiet-reg@acme.example")).toHaveLength(0);
    expect(await h.db.client.registrationEmail.count({ where: { businessId: b.businessId } })).toBe(0);
  });
});
