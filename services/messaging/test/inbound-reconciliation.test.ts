// Inbound reconciliation from the provider against the carrier simulator: a text whose SMS webhook failed (our
// webhook target down) is kept by the carrier, found in its inbound list and handled once, so a STOP is honoured.
import type { MessagingService } from "../src/service";
import { newBusiness, startMessaging, type Harness } from "./support/messaging-harness";

const CALLER = "+15551230077";

describe("inbound SMS reconciliation (carrier simulator)", () => {
  let h: Harness;
  const reconciler = () => (h.service as MessagingService).reconciler;

  beforeAll(async () => {
    h = await startMessaging({ simulator: true, config: { MESSAGING_RECONCILE_SETTLE_MS: 0, MESSAGING_RECONCILE_INTERVAL_MS: 3_600_000 } });
  });
  afterAll(() => h.stop());

  it("given a STOP whose webhook failed, when reconciled, then the caller is opted out (consent log, CallerOptedOut) once; a second run changes nothing", async () => {
    const b = newBusiness({ name: "Reconcile Plumbing" });
    await h.seedBusiness(b, b.dedicated);
    const simulator = h.simulator;
    if (!simulator) throw new Error("simulator expected");

    const sent = await simulator.phones.sendSms({ from: CALLER, to: b.dedicated, body: "STOP", webhookDown: true });

    expect(sent.webhook?.status).toBe(0);
    expect(await h.db.client.inboundSms.findUnique({ where: { messageSid: sent.messageSid } })).toBeNull();
    expect(await h.db.client.optOut.findFirst({ where: { businessId: b.businessId, callerNumber: CALLER } })).toBeNull();

    const first = await reconciler().run();

    expect(first).toMatchObject({ reconciled: 1, failed: 0 });
    expect(await h.db.client.inboundSms.findUnique({ where: { messageSid: sent.messageSid } })).toMatchObject({ kind: "opt_out", fromNumber: CALLER });
    expect(await h.db.client.optOut.findFirst({ where: { businessId: b.businessId, callerNumber: CALLER } })).toMatchObject({ optedOut: true });
    await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId && p.callerNumber === CALLER);
    expect(await h.db.client.consentLog.count({ where: { businessId: b.businessId, callerNumber: CALLER } })).toBe(1);
    // The confirmation was the carrier's to give (its own STOP handling); no text of ours went to the caller.
    expect(simulator.listMessages(CALLER)).toEqual([]);

    const second = await reconciler().run();

    expect(second).toMatchObject({ reconciled: 0, failed: 0 });
    expect(await h.db.client.consentLog.count({ where: { businessId: b.businessId, callerNumber: CALLER } })).toBe(1);
  });

  it("given a text whose webhook answered, when reconciled, then it is not handled again", async () => {
    const b = newBusiness({ name: "Answered Plumbing" });
    await h.seedBusiness(b, b.dedicated);
    const sent = await h.simulator?.phones.sendSms({ from: "+15551230078", to: b.dedicated, body: "Are you open tomorrow?" });
    expect(sent?.webhook?.status).toBe(200);

    const run = await reconciler().run();

    expect(run.reconciled).toBe(0);
    expect(await h.db.client.inboundSms.count({ where: { messageSid: sent?.messageSid } })).toBe(1);
  });
});
