import { billingV1 } from "@rebound/contracts";
import { releaseDueNumbers } from "../src/releases/release-due-numbers.job";
import { TelephonyHarness } from "./telephony-harness";

const DAY_MS = 24 * 60 * 60 * 1000;
const { SubscriptionStatus } = billingV1;

describe("number releases (component)", () => {
  const harness = new TelephonyHarness();
  const numbers = new Map<string, string>();

  beforeAll(async () => {
    await harness.start();
    for (const [index, user] of ["user-1", "user-2", "user-3", "user-4"].entries()) {
      await harness.createBusiness(`biz-${index + 1}`, user);
      const [number] = await harness.simulator.searchLocalNumbers(String(602 + index), { limit: 1 });
      expect((await harness.purchase(user, number?.phoneNumber ?? "")).status).toBe(201);
      numbers.set(user, number?.phoneNumber ?? "");
    }
  });

  afterAll(() => harness.stop());

  const releasesOf = (userId: string) => harness.service.deps.releases.findByUser(userId);

  it("given a canceled subscription, when the event arrives, then a release is scheduled 30 days after the change", async () => {
    const changedAt = new Date();

    await harness.subscriptionChanged("user-1", SubscriptionStatus.CANCELED, changedAt);

    await harness.until(async () => (await releasesOf("user-1")).length === 1);
    const [release] = await releasesOf("user-1");
    expect(release).toMatchObject({ status: "scheduled", phoneNumber: numbers.get("user-1"), reason: "subscription_cancellation" });
    expect(release?.scheduledReleaseDate.getTime()).toBe(changedAt.getTime() + 30 * DAY_MS);
  });

  it("given a scheduled release, when the subscription is active again, then the release is cancelled and the job leaves the number", async () => {
    await harness.subscriptionChanged("user-2", SubscriptionStatus.CANCELED, new Date(Date.now() - 31 * DAY_MS));
    await harness.until(async () => (await releasesOf("user-2"))[0]?.status === "scheduled");

    await harness.subscriptionChanged("user-2", SubscriptionStatus.ACTIVE, new Date());
    await harness.until(async () => (await releasesOf("user-2"))[0]?.status === "cancelled");

    await releaseDueNumbers(harness.service.deps);
    expect(harness.simulator.state.activeNumber(numbers.get("user-2") ?? "")).toBeDefined();
  });

  it("given a cancelled release, when canceled again, then the same row is scheduled again (spec's unique user+number+status)", async () => {
    await harness.subscriptionChanged("user-2", SubscriptionStatus.CANCELED, new Date());

    await harness.until(async () => (await releasesOf("user-2"))[0]?.status === "scheduled");
    expect(await releasesOf("user-2")).toHaveLength(1);
  });

  it("given a due release, when two job runs race, then the number is released once with one PhoneNumberReleased", async () => {
    const phoneNumber = numbers.get("user-3") ?? "";
    await harness.subscriptionChanged("user-3", SubscriptionStatus.CANCELED, new Date(Date.now() - 31 * DAY_MS));
    await harness.until(async () => (await releasesOf("user-3")).length === 1);
    const releaseAtCarrier = jest.spyOn(harness.simulator, "releaseNumber");

    const counts = await Promise.all([releaseDueNumbers(harness.service.deps), releaseDueNumbers(harness.service.deps)]);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(releaseAtCarrier).toHaveBeenCalledTimes(1);
    const [released] = await harness.recorder.waitFor("PhoneNumberReleased", 1);
    expect(released?.payload).toMatchObject({ businessId: "biz-3", userId: "user-3", phoneNumber, reason: "subscription_cancellation" });
    expect((await releasesOf("user-3"))[0]).toMatchObject({ status: "released" });
    expect(harness.simulator.state.activeNumber(phoneNumber)).toBeUndefined();
    const answer = await harness.simulator.phones.placeCall({ from: "+15551230001", to: phoneNumber });
    expect(answer.webhook.body).toContain("not in service");
    releaseAtCarrier.mockRestore();
  });

  it("given the carrier fails the release, when the job runs, then the row is scheduled again and the next run releases it", async () => {
    await harness.subscriptionChanged("user-4", SubscriptionStatus.CANCELED, new Date(Date.now() - 31 * DAY_MS));
    await harness.until(async () => (await releasesOf("user-4"))[0]?.status === "scheduled");
    const releaseAtCarrier = jest.spyOn(harness.simulator, "releaseNumber").mockRejectedValueOnce(new Error("carrier down"));

    await expect(releaseDueNumbers(harness.service.deps)).resolves.toBe(0);
    expect(releaseAtCarrier).toHaveBeenCalledTimes(1);
    expect((await releasesOf("user-4"))[0]).toMatchObject({ status: "scheduled" });

    await expect(releaseDueNumbers(harness.service.deps)).resolves.toBe(1);
    expect(releaseAtCarrier).toHaveBeenCalledTimes(2);
    expect((await releasesOf("user-4"))[0]).toMatchObject({ status: "released" });
    releaseAtCarrier.mockRestore();
  });
});
