// The forwarding watchdog's e-mails (docs/forwarding-watchdog.md): telephony decides whether to e-mail
// (ForwardingStatusChanged.notify_owner); messaging sends each one once, with the dial codes and the Test link.
import { telephonyV1, timestampFromDate, type EventPayloadInit } from "@rebound/contracts";
import { FakeClock } from "@rebound/testing";
import { MESSAGING_JOBS } from "../src/service";
import { newBusiness, settle, startMessaging, waitUntil, type Harness } from "./support/messaging-harness";

type Business = ReturnType<typeof newBusiness>;

function statusChanged(
  b: Business,
  status: telephonyV1.ForwardingStatus,
  overrides: { notifyOwner?: boolean; cause?: string } = {},
): EventPayloadInit<"ForwardingStatusChanged"> {
  return {
    businessId: b.businessId,
    status,
    previousStatus: status === telephonyV1.ForwardingStatus.CHECK_NEEDED ? telephonyV1.ForwardingStatus.VERIFIED : telephonyV1.ForwardingStatus.CHECK_NEEDED,
    changedAt: timestampFromDate(new Date("2026-11-26T19:30:00Z")),
    cause: status === telephonyV1.ForwardingStatus.CHECK_NEEDED ? "silence" : "forwarded_call",
    // Tuesday 24 November 2026, 2:10 PM in New York.
    lastForwardedCallAt: timestampFromDate(new Date("2026-11-24T19:10:00Z")),
    silentSince: timestampFromDate(new Date("2026-11-24T19:10:00Z")),
    expectedCallsPerDay: 6,
    notifyOwner: true,
    timeZone: "America/New_York",
    dedicatedNumber: "+13055550100",
    ...overrides,
  };
}

describe("forwarding watchdog e-mails to the owner", () => {
  let h: Harness;
  const clock = new FakeClock("2026-11-26T19:30:00Z");

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());

  const mailsTo = (to: string) => h.mailer.sent.filter((mail) => mail.to === to);

  it("e-mails 'check needed' once (with the usual rate, the dial codes and the Test link), then the all-clear", async () => {
    const b = newBusiness({ name: "Quiet Plumbing", ownerEmail: "fwd@acme.example" });
    await h.seedBusiness(b, b.dedicated);

    const alarm = await h.publish("ForwardingStatusChanged", b.businessId, statusChanged(b, telephonyV1.ForwardingStatus.CHECK_NEEDED));
    await waitUntil(() => mailsTo("fwd@acme.example").length === 1);
    const [mail] = mailsTo("fwd@acme.example");
    expect(mail?.subject).toBe("Rebound: check the call forwarding of Quiet Plumbing");
    expect(mail?.text).toContain("We haven't received a forwarded call since Tuesday 2:10 PM; you usually get about 6 a day.");
    expect(mail?.text).toContain("**004*13055550100#");
    expect(mail?.text).toContain("*923055550100");
    expect(mail?.text).toMatch(/Test call forwarding: http:\/\/[^ ]+\/app\/test/);

    // Redelivered: no second e-mail.
    await h.republish(alarm);
    await h.job(MESSAGING_JOBS.forwardingEmails)();
    await settle(200);
    expect(mailsTo("fwd@acme.example")).toHaveLength(1);

    await h.publish("ForwardingStatusChanged", b.businessId, statusChanged(b, telephonyV1.ForwardingStatus.VERIFIED));
    await waitUntil(() => mailsTo("fwd@acme.example").length === 2);
    expect(mailsTo("fwd@acme.example")[1]?.subject).toBe("Rebound: call forwarding works again");
    expect(mailsTo("fwd@acme.example")[1]?.text).toContain(
      "A forwarded call just reached your Rebound number: call forwarding for Quiet Plumbing works again.",
    );
  });

  it("sends nothing when telephony does not ask (forwarding alerts off, or within 3 days of the last)", async () => {
    const b = newBusiness({ ownerEmail: "quiet-fwd@acme.example" });
    await h.seedBusiness(b, b.dedicated);
    const event = await h.publish("ForwardingStatusChanged", b.businessId, statusChanged(b, telephonyV1.ForwardingStatus.CHECK_NEEDED, { notifyOwner: false }));
    await settle(300);
    await h.job(MESSAGING_JOBS.forwardingEmails)();
    expect(mailsTo("quiet-fwd@acme.example")).toHaveLength(0);
    expect(await h.db.client.forwardingEmail.count({ where: { eventId: event.id } })).toBe(0);
  });

  it("keeps an e-mail pending when the mailer fails and sends it on the next run; a failed self-test says so", async () => {
    const b = newBusiness({ ownerEmail: "retry-fwd@acme.example" });
    await h.seedBusiness(b, b.dedicated);
    h.mailer.failures = 1;
    await h.publish("ForwardingStatusChanged", b.businessId, statusChanged(b, telephonyV1.ForwardingStatus.CHECK_NEEDED, { cause: "self_test_failed" }));
    await waitUntil(async () => (await h.db.client.forwardingEmail.count({ where: { businessId: b.businessId } })) === 1);
    await settle(200);
    expect(mailsTo("retry-fwd@acme.example")).toHaveLength(0);
    await h.job(MESSAGING_JOBS.forwardingEmails)();
    expect(mailsTo("retry-fwd@acme.example")).toHaveLength(1);
    expect(mailsTo("retry-fwd@acme.example")[0]?.text).toContain(
      "Your weekly forwarding self-test just called your business phone and the call was not forwarded",
    );
  });
});
