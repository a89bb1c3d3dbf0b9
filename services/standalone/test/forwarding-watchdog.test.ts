// The forwarding watchdog's API through the gateway, every service in one process (docs/forwarding-watchdog.md).
import { DEFAULT_WEEKLY_HOURS } from "@rebound/contracts/domain";
import { OwnerClient, startTestStandalone, waitUntil } from "./standalone-harness";

jest.setTimeout(120_000);

interface ForwardingStatus {
  status: string;
  lastForwardedCallAt: string | null;
  lastTestAt: string | null;
  lastTestResult: string | null;
  expectedCallsPerDay: number | null;
  checkNeededSince: string | null;
  selfTest: { enabled: boolean; weekday: string; time: string };
  message?: string;
}

describe("forwarding watchdog through the gateway (standalone)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let owner: OwnerClient;
  let dedicatedNumber: string;

  beforeAll(async () => {
    app = await startTestStandalone();
    owner = new OwnerClient(app.url);
    await owner.signUp("watchdog@example.com");
  });
  afterAll(async () => {
    await app?.stop();
  });

  const status = () => owner.call<ForwardingStatus>("GET", "/api/forwarding/status");

  it("answers 401 without a session", async () => {
    const response = await fetch(`${app.url}/api/forwarding/status`);
    expect(response.status).toBe(401);
  });

  it("given a new business, then unknown; after a forwarded missed call, lastForwardedCallAt is set; a self-test outside open hours is 400", async () => {
    const fresh = await status();
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      status: "unknown",
      lastForwardedCallAt: null,
      lastTestAt: null,
      lastTestResult: null,
      expectedCallsPerDay: null,
      checkNeededSince: null,
      selfTest: { enabled: false, weekday: "tuesday", time: "10:00" },
    });
    const early = await owner.call<ForwardingStatus>("PUT", "/api/forwarding/self-test", { enabled: true, weekday: "tuesday", time: "10:00" });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("Please get your dedicated phone number before scheduling a forwarding test.");

    const search = await owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    dedicatedNumber = search.body.numbers[0]?.phoneNumber as string;
    expect([200, 201]).toContain((await owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber })).status);
    expect((await status()).body).toMatchObject({ status: "unknown", lastForwardedCallAt: null });

    const saturdays = { ...DEFAULT_WEEKLY_HOURS, saturday: { open: "10:00", close: "14:00", enabled: true } };
    const settings = await owner.call("POST", "/api/business", {
      customMessage: "Sorry we missed you!",
      timeZone: "America/Chicago",
      businessHours: saturdays,
      closedDates: ["2026-12-25"],
    });
    expect(settings.status).toBe(200);

    // Telephony learns the hours from BusinessSettingsUpdated: Saturday 13:00 becomes acceptable, Sunday never.
    await waitUntil(
      async () => (await owner.call("PUT", "/api/forwarding/self-test", { enabled: true, weekday: 6, time: "13:00" })).status === 200,
      "the business hours at telephony",
      10_000,
    );
    const sunday = await owner.call<ForwardingStatus>("PUT", "/api/forwarding/self-test", { enabled: true, weekday: "sunday", time: "12:00" });
    expect(sunday.status).toBe(400);
    expect(sunday.body.message).toBe("Choose a time inside your business hours (you are closed on Sundays)");
    const evening = await owner.call<ForwardingStatus>("PUT", "/api/forwarding/self-test", { enabled: true, weekday: "monday", time: "18:30" });
    expect(evening.status).toBe(400);
    expect(evening.body.message).toBe("Choose a time inside your business hours (Monday 9:00 AM-5:00 PM)");
    const saved = await owner.call<ForwardingStatus>("PUT", "/api/forwarding/self-test", { enabled: true, weekday: "tuesday", time: "11:15" });
    expect(saved.status).toBe(200);
    expect(saved.body.selfTest).toEqual({ enabled: true, weekday: "tuesday", time: "11:15" });

    const placed = await fetch(`${app.url}/dev/simulator/calls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: "+15551230042", to: dedicatedNumber }),
    });
    expect(placed.status).toBe(200);
    let after: ForwardingStatus | undefined;
    await waitUntil(async () => (after = (await status()).body).lastForwardedCallAt !== null, "the forwarded call in the status", 10_000);
    expect(after).toMatchObject({
      status: "verified",
      expectedCallsPerDay: null,
      checkNeededSince: null,
      selfTest: { enabled: true, weekday: "tuesday", time: "11:15" },
    });
    expect(Date.now() - new Date(after?.lastForwardedCallAt ?? 0).getTime()).toBeLessThan(60_000);
  });
});
