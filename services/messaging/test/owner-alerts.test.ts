import { messagingV1 } from "@rebound/contracts";
import { FakeClock, waitUntil } from "@rebound/testing";
import { MESSAGING_JOBS } from "../src/service";
import { newBusiness, startMessaging, type Harness } from "./support/messaging-harness";

describe("owner alert e-mails", () => {
  let h: Harness;
  const clock = new FakeClock("2026-01-05T15:00:00Z");
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());

  const runJob = () => h.job(MESSAGING_JOBS.ownerAlerts)();

  async function texted(b: { businessId: string; dedicated: string }, from: string) {
    sequence += 1;
    const callId = `alert-call-${sequence}`;
    await h.missedCall({ businessId: b.businessId, callId, from, to: b.dedicated });
    await h.eventOf("SmsSent", (p) => p.callId === callId);
  }

  it("batches texted calls into at most one e-mail per 5 minutes per business", async () => {
    const b = newBusiness({ name: "Acme Plumbing", ownerEmail: "owner@acme.example", settings: { ownerAlertsEnabled: true } });
    await h.seedBusiness(b, b.dedicated);
    await texted(b, "+15551230001");
    await texted(b, "+15551230002");

    await runJob();
    expect(h.mailer.sent).toHaveLength(1);
    const [first] = h.mailer.sent;
    expect(first?.to).toBe("owner@acme.example");
    expect(first?.subject).toBe("Rebound: 2 missed calls texted back");
    expect(first?.text).toContain("+15551230001");
    expect(first?.text).toContain("+15551230002");
    expect(first?.text).toContain('Sent: "Thanks for calling Acme Plumbing! We\'ll call you back soon."');
    expect(first?.html).toContain("<strong>+15551230002</strong>");

    clock.advance(60_000);
    await texted(b, "+15551230003");
    await runJob();
    expect(h.mailer.sent).toHaveLength(1);

    clock.advance(4 * 60_000);
    await runJob();
    expect(h.mailer.sent).toHaveLength(2);
    expect(h.mailer.sent[1]?.subject).toBe("Rebound: missed call from +15551230003 texted back");
    await runJob();
    expect(h.mailer.sent).toHaveLength(2);
  });

  it("keeps alerts pending when the mailer fails and sends them on the next run", async () => {
    clock.advance(60 * 60_000);
    const b = newBusiness({ ownerEmail: "retry@acme.example", settings: { ownerAlertsEnabled: true } });
    await h.seedBusiness(b, b.dedicated);
    await texted(b, "+15551230011");
    const before = h.mailer.sent.length;

    h.mailer.failures = 1;
    await runJob();
    expect(h.mailer.sent).toHaveLength(before);
    await runJob();
    expect(h.mailer.sent.slice(before).map((mail) => mail.to)).toEqual(["retry@acme.example"]);
  });

  it("tells the owner without a subscription which calls were not texted, with the way to choose a plan, once per call", async () => {
    clock.advance(60 * 60_000);
    const b = newBusiness({ name: "No Plan Co", ownerEmail: "noplan@acme.example", settings: { ownerAlertsEnabled: true } });
    await h.seedBusiness(b, b.dedicated);
    await h.publish("UserRegistered", b.userId, { userId: b.userId, email: "noplan@acme.example", paymentMethodId: "" });
    await waitUntil(
      async () => (await h.db.client.userSubscription.findUnique({ where: { userId: b.userId } }))?.status === "none",
      "messaging to learn the account has no subscription",
    );
    const callId = `alert-call-noplan-${++sequence}`;
    await h.missedCall({ businessId: b.businessId, callId, from: "+15551230021", to: b.dedicated });
    await h.eventOf("SmsSuppressed", (p) => p.callId === callId);
    const before = h.mailer.sent.length;

    await runJob();
    await runJob();

    const mails = h.mailer.sent.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual(["noplan@acme.example"]);
    expect(mails[0]?.subject).toBe("Rebound: missed call from +15551230021 not texted back");
    expect(mails[0]?.text).toContain("A caller who missed No Plan Co was not texted back: your Rebound account has no active subscription.");
    expect(mails[0]?.text).toMatch(/Choose a plan to start texting your callers back: http:\/\/[^ ]+\/billing/);
  });

  it("does not text a call that reaches messaging too late (recorded after an outage): the owner is told to call back, at the call's time", async () => {
    clock.advance(60 * 60_000);
    const b = newBusiness({ name: "Late Co", ownerEmail: "late@acme.example", settings: { ownerAlertsEnabled: true } });
    await h.seedBusiness(b, b.dedicated);
    const callId = `alert-call-late-${++sequence}`;
    const calledAt = new Date(clock.now().getTime() - 16 * 60_000);
    await h.missedCall({ businessId: b.businessId, callId, from: "+15551230031", to: b.dedicated, occurredAt: calledAt });
    const suppressed = await h.eventOf("SmsSuppressed", (p) => p.callId === callId);
    expect(suppressed.reason).toBe(messagingV1.SuppressionReason.TOO_LATE);
    const inTime = `alert-call-intime-${++sequence}`;
    await h.missedCall({
      businessId: b.businessId,
      callId: inTime,
      from: "+15551230032",
      to: b.dedicated,
      occurredAt: new Date(clock.now().getTime() - 14 * 60_000),
    });
    await h.eventOf("SmsSent", (p) => p.callId === inTime);
    const before = h.mailer.sent.length;

    await runJob();

    const [mail] = h.mailer.sent.slice(before);
    expect(mail?.to).toBe("late@acme.example");
    expect(mail?.text).toContain("A caller who missed Late Co was not texted back: a service interruption delayed the call");
    const when = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" }).format(calledAt);
    expect(mail?.text).toContain(`- +15551230031 at ${when}`);
    expect(mail?.text).toContain("+15551230032");
  });

  it("sends nothing when the owner switched alerts off", async () => {
    clock.advance(60 * 60_000);
    const b = newBusiness({ ownerEmail: "quiet@acme.example", settings: { ownerAlertsEnabled: false } });
    await h.seedBusiness(b, b.dedicated);
    await texted(b, "+15551230021");
    await runJob();
    expect(h.mailer.sent.filter((mail) => mail.to === "quiet@acme.example")).toHaveLength(0);
    expect(await h.db.client.ownerAlert.count({ where: { businessId: b.businessId } })).toBe(0);
  });
});
