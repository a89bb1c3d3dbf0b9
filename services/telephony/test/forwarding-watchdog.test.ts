import { commonV1, telephonyV1, timestampDate, timestampFromDate } from "@rebound/contracts";
import { EventRecorder, FakeClock } from "@rebound/testing";
import { evaluateAllForwarding } from "../src/forwarding-watchdog/evaluate-forwarding.job";
import type { ForwardingStatusBody } from "../src/forwarding-watchdog/get-forwarding-status.use-case";
import { runDueSelfTests } from "../src/forwarding-watchdog/run-self-tests.job";
import { TelephonyHarness } from "./telephony-harness";

/** New York local time in November/December 2026 (EST, UTC-5). */
const est = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);
const nov = (day: number) => `2026-11-${String(day).padStart(2, "0")}`;
const WEEKDAY = (day: commonV1.DayOfWeek, open: string, close: string, enabled: boolean) => ({ day, open, close, enabled });
const HOURS = [
  WEEKDAY(commonV1.DayOfWeek.MONDAY, "09:00", "17:00", true),
  WEEKDAY(commonV1.DayOfWeek.TUESDAY, "09:00", "17:00", true),
  WEEKDAY(commonV1.DayOfWeek.WEDNESDAY, "09:00", "17:00", true),
  WEEKDAY(commonV1.DayOfWeek.THURSDAY, "09:00", "17:00", true),
  WEEKDAY(commonV1.DayOfWeek.FRIDAY, "09:00", "17:00", true),
  WEEKDAY(commonV1.DayOfWeek.SATURDAY, "10:00", "16:00", false),
  WEEKDAY(commonV1.DayOfWeek.SUNDAY, "10:00", "16:00", false),
];

describe("forwarding watchdog (component, moved clock)", () => {
  const clock = new FakeClock(est("2026-11-01", "12:00"));
  const harness = new TelephonyHarness();
  let recorder: EventRecorder;
  const numbers: Record<string, string> = {};

  const request = async (method: string, path: string, userId: string, body?: unknown) => {
    const response = await fetch(`${harness.url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...harness.userHeader(userId) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as ForwardingStatusBody & { message?: string } };
  };
  const status = (userId: string) => request("GET", "/api/forwarding/status", userId);
  const changes = (businessId: string) => recorder.of("ForwardingStatusChanged").filter((event) => event.payload.businessId === businessId);

  async function setUp(businessId: string, userId: string, businessPhone: string, areaCode: string): Promise<void> {
    await harness.createBusiness(businessId, userId, { businessPhone });
    await harness.publish("BusinessSettingsUpdated", businessId, {
      businessId,
      userId,
      settings: {
        autoReplyEnabled: true,
        isActive: true,
        timeZone: "America/New_York",
        businessHours: HOURS,
        forwardingAlertsEnabled: true,
        closedDates: ["2026-12-25"],
      },
      updatedAt: timestampFromDate(new Date()),
    });
    await harness.until(async () => (await harness.service.deps.businesses.findWatchdogSettings(businessId))?.closedDates.length === 1);
    expect(await harness.service.deps.businesses.findWatchdogSettings(businessId)).toMatchObject({
      timeZone: "America/New_York",
      forwardingAlertsEnabled: true,
      closedDates: ["2026-12-25"],
      businessHours: { monday: { open: "09:00", close: "17:00", enabled: true }, saturday: { enabled: false } },
    });
    const [number] = await harness.simulator.searchLocalNumbers(areaCode, { limit: 1 });
    numbers[businessId] = number?.phoneNumber ?? "";
    expect((await harness.purchase(userId, numbers[businessId] ?? "")).status).toBe(201);
  }

  let callCount = 0;
  const missedCall = async (businessId: string, at: Date) => {
    clock.set(at);
    callCount++;
    const callSid = `CA${String(callCount).padStart(32, "0")}`;
    await harness.simulator.phones.placeCall({ from: "+13055550199", to: numbers[businessId] ?? "", callSid });
  };

  beforeAll(async () => {
    await harness.start({ FORWARDING_TEST_GRACE_MS: 0, FORWARDING_WATCHDOG_INTERVAL_MS: 3_600_000, FORWARDING_SELF_TEST_INTERVAL_MS: 3_600_000 }, { clock });
    recorder = await EventRecorder.start(harness.runtime.bus, ["ForwardingStatusChanged"]);
    await harness.createBusiness("biz-none", "user-none");
    await setUp("biz-1", "user-1", "+12129870001", "305");
    await setUp("biz-2", "user-2", "+12129870002", "512");
  });

  afterAll(async () => {
    await recorder.stop();
    await harness.stop();
  });

  it("given a business without a number, then unknown with the default self-test, and no self-test can be set", async () => {
    expect((await status("user-none")).body).toEqual({
      status: "unknown",
      lastForwardedCallAt: null,
      lastTestAt: null,
      lastTestResult: null,
      expectedCallsPerDay: null,
      checkNeededSince: null,
      selfTest: { enabled: false, weekday: "tuesday", time: "10:00" },
    });
    const refused = await request("PUT", "/api/forwarding/self-test", "user-none", { enabled: true, weekday: "tuesday", time: "10:00" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Please get your dedicated phone number before scheduling a forwarding test.");
  });

  it.each([
    [{ enabled: true, weekday: "saturday", time: "12:00" }, "Choose a time inside your business hours (you are closed on Saturdays)"],
    [{ enabled: true, weekday: "tuesday", time: "08:30" }, "Choose a time inside your business hours (Tuesday 9:00 AM-5:00 PM)"],
    [{ enabled: true, weekday: "tuesday", time: "17:00" }, "Choose a time inside your business hours (Tuesday 9:00 AM-5:00 PM)"],
    [{ enabled: true, weekday: 7, time: "10:00" }, "Weekday must be a day name from monday to sunday, or a number from 0 (Sunday) to 6"],
    [{ enabled: true, weekday: "tuesday", time: "9am" }, "Time must be HH:MM, such as 10:00"],
    [{ weekday: "tuesday", time: "10:00" }, "Enabled must be true or false"],
  ])("given self-test %j, then 400 %s", async (body, message) => {
    const result = await request("PUT", "/api/forwarding/self-test", "user-1", body);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
  });

  it("given three weeks of steady forwarded calls that stop on Friday, then check needed on Monday within the expected window, one e-mail, and an all-clear when a call comes", async () => {
    expect((await status("user-1")).body).toMatchObject({ status: "unknown", lastForwardedCallAt: null });

    const times = ["09:30", "10:50", "12:10", "13:30", "14:50", "16:10"];
    for (let day = 2; day <= 20; day++) {
      const weekday = new Date(`${nov(day)}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const time of times) await missedCall("biz-1", est(nov(day), time));
      if (day === 2) expect((await status("user-1")).body).toMatchObject({ status: "verified", lastForwardedCallAt: est(nov(2), "16:10").toISOString() });
    }
    await harness.until(async () => (await harness.service.deps.watchdog.forwardedCallBounds("biz-1")).last?.getTime() === est(nov(20), "16:10").getTime());
    clock.set(est(nov(20), "16:30"));
    expect(await evaluateAllForwarding(harness.service.deps)).toBeGreaterThanOrEqual(1);
    expect((await status("user-1")).body).toMatchObject({
      status: "verified",
      expectedCallsPerDay: 6,
      lastForwardedCallAt: est(nov(20), "16:10").toISOString(),
    });

    // Every 30 minutes from Friday evening to Tuesday noon: the weekend and the nights never alarm.
    for (let at = est(nov(20), "17:00").getTime(); at <= est(nov(24), "12:00").getTime(); at += 30 * 60_000) {
      clock.set(new Date(at));
      await evaluateAllForwarding(harness.service.deps);
    }
    // The bus delivers the change a little after the evaluation that made it: when it happened is in the event.
    await harness.until(async () => changes("biz-1").some((event) => event.payload.status === telephonyV1.ForwardingStatus.CHECK_NEEDED));
    const alarmEvent = changes("biz-1").find((event) => event.payload.status === telephonyV1.ForwardingStatus.CHECK_NEEDED);
    const firstAlarm = alarmEvent?.payload.changedAt ? timestampDate(alarmEvent.payload.changedAt) : undefined;
    expect(firstAlarm?.getTime()).toBeGreaterThanOrEqual(est(nov(23), "14:00").getTime());
    expect(firstAlarm?.getTime()).toBeLessThanOrEqual(est(nov(23), "15:00").getTime());

    const alarms = changes("biz-1").filter((event) => event.payload.status === telephonyV1.ForwardingStatus.CHECK_NEEDED);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.payload).toMatchObject({ notifyOwner: true, cause: "silence", timeZone: "America/New_York", dedicatedNumber: numbers["biz-1"] });
    // The silent Monday hours are in the estimate's window too: a little under the 6 a day of before.
    expect(alarms[0]?.payload.expectedCallsPerDay).toBeGreaterThan(5);
    expect(alarms[0]?.payload.expectedCallsPerDay).toBeLessThan(6);
    expect(timestampDate(alarms[0]!.payload.lastForwardedCallAt!)).toEqual(est(nov(20), "16:10"));
    const card = (await status("user-1")).body;
    expect(card.status).toBe("check_needed");
    expect(new Date(card.checkNeededSince ?? 0).getTime()).toBeGreaterThanOrEqual(est(nov(23), "14:00").getTime());

    await missedCall("biz-1", est(nov(24), "12:10"));
    await harness.until(async () => (await harness.service.deps.watchdog.forwardedCallBounds("biz-1")).last?.getTime() === est(nov(24), "12:10").getTime());
    clock.set(est(nov(24), "12:15"));
    await evaluateAllForwarding(harness.service.deps);

    await harness.until(async () => changes("biz-1").at(-1)?.payload.status === telephonyV1.ForwardingStatus.VERIFIED);
    const resumed = changes("biz-1").at(-1);
    expect(resumed?.payload).toMatchObject({
      status: telephonyV1.ForwardingStatus.VERIFIED,
      previousStatus: telephonyV1.ForwardingStatus.CHECK_NEEDED,
      notifyOwner: true,
      cause: "forwarded_call",
    });
    expect((await status("user-1")).body).toMatchObject({ status: "verified", checkNeededSince: null });
    expect(changes("biz-1").filter((event) => event.payload.notifyOwner)).toHaveLength(2);
  });

  it("given a weekly self-test, then it runs at its time, fails while the line's forwarding is off (check needed, once) and passes after it is turned back on", async () => {
    clock.set(est("2026-11-30", "12:00"));
    const saved = await request("PUT", "/api/forwarding/self-test", "user-2", { enabled: true, weekday: 2, time: "10:00" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "unknown", selfTest: { enabled: true, weekday: "tuesday", time: "10:00" } });

    harness.simulator.phones.setForwarding("+12129870002", null);
    clock.set(est("2026-12-01", "09:55"));
    expect(await runDueSelfTests(harness.service.deps)).toBe(0);
    clock.set(est("2026-12-01", "10:05"));
    expect(await runDueSelfTests(harness.service.deps)).toBe(1);

    const failed = (await status("user-2")).body;
    expect(failed).toMatchObject({ status: "check_needed", lastTestResult: "failed", lastTestAt: est("2026-12-01", "10:05").toISOString() });
    expect(failed.checkNeededSince).toBe(est("2026-12-01", "10:05").toISOString());
    await harness.until(async () => changes("biz-2").length >= 1);
    expect(changes("biz-2")).toHaveLength(1);
    expect(changes("biz-2")[0]?.payload).toMatchObject({ status: telephonyV1.ForwardingStatus.CHECK_NEEDED, cause: "self_test_failed", notifyOwner: true });

    // The same slot, later in the hour (another replica, or after a restart): not again.
    clock.set(est("2026-12-01", "10:20"));
    expect(await runDueSelfTests(harness.service.deps)).toBe(0);

    harness.simulator.phones.setForwarding("+12129870002", numbers["biz-2"] ?? null);
    clock.set(est("2026-12-08", "10:01"));
    expect(await runDueSelfTests(harness.service.deps)).toBe(1);

    expect((await status("user-2")).body).toMatchObject({ status: "verified", lastTestResult: "success", checkNeededSince: null, lastForwardedCallAt: null });
    await harness.until(async () => changes("biz-2").at(-1)?.payload.status === telephonyV1.ForwardingStatus.VERIFIED);
    expect(changes("biz-2").at(-1)?.payload).toMatchObject({ status: telephonyV1.ForwardingStatus.VERIFIED, cause: "test_passed", notifyOwner: true });
  });
});
