import { TelephonyHarness } from "./telephony-harness";

const CALLER = "+15551230042";

describe("reconciliation from the provider (component: the carrier simulator's call list)", () => {
  const harness = new TelephonyHarness();
  let dedicated: string;

  beforeAll(async () => {
    // Settle 0: a call is eligible as soon as it is listed (the job's own interval stays out of the way).
    await harness.start({ TELEPHONY_RECONCILE_SETTLE_MS: 0, TELEPHONY_RECONCILE_INTERVAL_MS: 3_600_000 });
    await harness.createBusiness("biz-rec", "user-rec", { businessPhone: "+15559870042" });
    const [number] = await harness.simulator.searchLocalNumbers("786", { limit: 1 });
    dedicated = number?.phoneNumber ?? "";
    expect((await harness.purchase("user-rec", dedicated)).status).toBe(201);
  });

  afterAll(() => harness.stop());

  const missedFor = (callSid: string) => harness.recorder.of("CallMissed").filter((event) => event.payload.callSid === callSid);
  const rowsFor = (callSid: string) => harness.service.deps.db.client.call.findMany({ where: { callSid } });

  it("given a call whose webhook target was down, when reconciled, then it is recorded once with the provider's start time and CallMissed; a second run records nothing", async () => {
    const placed = await harness.simulator.phones.placeCall({ from: CALLER, to: dedicated, webhookDown: true });
    expect(placed.webhook.status).toBe(0);
    expect(await rowsFor(placed.callSid)).toHaveLength(0);
    // The number lives in the business's subaccount (bought there), so the provider lists it there.
    const accountSid = (await harness.service.deps.phoneNumbers.findByNumber(dedicated))?.accountSid ?? undefined;
    const [listed] = await harness.simulator.listCalls({ to: dedicated, startedAfter: new Date(0), accountSid });
    expect(listed?.sid).toBe(placed.callSid);

    const first = await harness.service.deps.reconciler.run();

    expect(first).toMatchObject({ reconciled: 1, failed: 0 });
    const rows = await rowsFor(placed.callSid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ businessId: "biz-rec", callerNumber: CALLER, toNumber: dedicated, purpose: "missed_call", callDirection: "inbound" });
    expect(rows[0]?.startTime.getTime()).toBe(listed?.startTime.getTime());
    await harness.until(() => missedFor(placed.callSid).length === 1);
    expect(missedFor(placed.callSid)[0]?.payload).toMatchObject({ businessId: "biz-rec", callerNumber: CALLER, dedicatedNumber: dedicated });
    const occurredAt = missedFor(placed.callSid)[0]?.payload.occurredAt;
    expect(Number(occurredAt?.seconds) * 1000 + Math.floor((occurredAt?.nanos ?? 0) / 1e6)).toBe(listed?.startTime.getTime());

    const second = await harness.service.deps.reconciler.run();

    expect(second).toMatchObject({ reconciled: 0, failed: 0 });
    expect(await rowsFor(placed.callSid)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(missedFor(placed.callSid)).toHaveLength(1);
  });

  it("given calls whose webhook answered, when reconciled, then nothing new is recorded", async () => {
    const placed = await harness.simulator.phones.placeCall({ from: "+15551230043", to: dedicated });
    expect(placed.webhook.status).toBe(200);
    await harness.until(() => missedFor(placed.callSid).length === 1);

    const run = await harness.service.deps.reconciler.run();

    expect(run.reconciled).toBe(0);
    expect(await rowsFor(placed.callSid)).toHaveLength(1);
  });

  it("given the provider's list failing, when reconciled, then the run survives, counts the failure, and the next run records the call", async () => {
    const placed = await harness.simulator.phones.placeCall({ from: "+15551230044", to: dedicated, webhookDown: true });
    const listCalls = harness.simulator.listCalls.bind(harness.simulator);
    const spy = jest.spyOn(harness.simulator, "listCalls").mockRejectedValueOnce(new Error("provider down"));

    const failed = await harness.service.deps.reconciler.run();

    expect(failed).toMatchObject({ failed: 1, reconciled: 0 });
    expect(await rowsFor(placed.callSid)).toHaveLength(0);
    spy.mockImplementation(listCalls);

    const next = await harness.service.deps.reconciler.run();

    expect(next).toMatchObject({ failed: 0, reconciled: 1 });
    expect(await rowsFor(placed.callSid)).toHaveLength(1);
    spy.mockRestore();
  });
});
