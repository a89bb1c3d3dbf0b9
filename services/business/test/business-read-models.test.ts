import { telephonyV1, timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { TELEPHONY_CONSUMER, USERS_CONSUMER } from "../src/service";
import { BusinessHarness, eventually, type TestUser } from "./support/business-harness";
import type { BusinessResponse } from "./support/api-types";

describe("read models fed by identity and telephony events", () => {
  let harness: BusinessHarness;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  async function business(user: TestUser): Promise<BusinessResponse> {
    const { status, body } = await harness.request<BusinessResponse>("GET", "/api/business", user);
    expect(status).toBe(200);
    return body;
  }

  /** Publishes telephony events of one business and waits until the consumer has processed them all. */
  async function telephony(publish: (() => Promise<string>)[]): Promise<void> {
    const ids: string[] = [];
    for (const send of publish) ids.push(await send());
    await eventually(async () => expect(await harness.processed(TELEPHONY_CONSUMER, ids)).toBe(ids.length));
  }

  it("given a purchased number, then GET shows it with its SID and purchase date", async () => {
    const user = await harness.registerUser();
    const purchasedAt = new Date("2026-01-06T10:00:00Z");

    await telephony([
      () =>
        harness.publish("PhoneNumberPurchased", user.businessId, {
          businessId: user.businessId,
          userId: user.id,
          phoneNumber: "+12125550100",
          providerSid: "PN0001",
          country: "US",
          purchasedAt: timestampFromDate(purchasedAt),
        }),
    ]);

    expect(await business(user)).toMatchObject({
      dedicatedTwilioNumber: "+12125550100",
      twilioNumberSid: "PN0001",
      phoneNumberPurchasedAt: purchasedAt.toISOString(),
      phoneNumberCountry: "US",
      setupCompleted: false,
    });
  });

  it("given forwarding tests, then the last test's date and status show and setup completes on success", async () => {
    const user = await harness.registerUser();
    const purchase = () =>
      harness.publish("PhoneNumberPurchased", user.businessId, {
        businessId: user.businessId,
        phoneNumber: "+12125550101",
        providerSid: "PN0002",
        country: "US",
      });
    const test = (status: telephonyV1.ForwardingTestStatus, at: string) => () =>
      harness.publish("ForwardingTestCompleted", user.businessId, {
        businessId: user.businessId,
        testId: randomUUID(),
        status,
        completedAt: timestampFromDate(new Date(at)),
      });

    await telephony([purchase, test(telephonyV1.ForwardingTestStatus.FAILED, "2026-01-06T10:00:00Z")]);
    const afterFailure = await business(user);
    await telephony([test(telephonyV1.ForwardingTestStatus.SUCCESS, "2026-01-06T10:05:00Z")]);
    const afterSuccess = await business(user);

    expect(afterFailure).toMatchObject({
      lastCallForwardingTestStatus: "failed",
      lastCallForwardingTestDate: "2026-01-06T10:00:00.000Z",
      setupCompleted: false,
    });
    expect(afterSuccess).toMatchObject({
      lastCallForwardingTestStatus: "success",
      lastCallForwardingTestDate: "2026-01-06T10:05:00.000Z",
      setupCompleted: true,
    });
  });

  it("given a release of another number, then the current number stays; given its own release, then it is cleared", async () => {
    const user = await harness.registerUser();
    const release = (sid: string, phoneNumber: string) => () =>
      harness.publish("PhoneNumberReleased", user.businessId, {
        businessId: user.businessId,
        phoneNumber,
        providerSid: sid,
        reason: "subscription_cancellation",
      });

    await telephony([
      () =>
        harness.publish("PhoneNumberPurchased", user.businessId, {
          businessId: user.businessId,
          phoneNumber: "+12125550102",
          providerSid: "PN0003",
          country: "US",
        }),
      release("PN-OLD", "+12125550999"),
    ]);
    const afterOtherRelease = await business(user);
    await telephony([release("PN0003", "+12125550102")]);
    const afterOwnRelease = await business(user);

    expect(afterOtherRelease).toMatchObject({ dedicatedTwilioNumber: "+12125550102", twilioNumberSid: "PN0003" });
    expect(afterOwnRelease).toMatchObject({ dedicatedTwilioNumber: null, twilioNumberSid: null, phoneNumberPurchasedAt: null, setupCompleted: false });
  });

  it("given a telephony event delivered twice, then it is applied once", async () => {
    const user = await harness.registerUser();
    const payload = {
      businessId: user.businessId,
      testId: "t1",
      status: telephonyV1.ForwardingTestStatus.SUCCESS,
      completedAt: timestampFromDate(new Date("2026-01-07T00:00:00Z")),
    };
    const id = randomUUID();

    await telephony([() => harness.publish("ForwardingTestCompleted", user.businessId, payload, id)]);
    const first = await business(user);
    harness.clock.advance(60_000);
    await harness.publish("ForwardingTestCompleted", user.businessId, payload, id);
    await telephony([() => harness.publish("PhoneNumberReleased", user.businessId, { businessId: user.businessId, providerSid: "PN-NONE" })]);

    expect((await business(user)).updatedAt).toBe(first.updatedAt);
  });

  it("given a telephony event for an unknown business, then it is skipped and later events still apply", async () => {
    const user = await harness.registerUser();

    await telephony([
      () => harness.publish("PhoneNumberPurchased", "not-a-business", { businessId: "not-a-business", phoneNumber: "+12125550103", providerSid: "PN0004" }),
      () => harness.publish("PhoneNumberPurchased", randomUUID(), { businessId: randomUUID(), phoneNumber: "+12125550104", providerSid: "PN0005" }),
      () => harness.publish("PhoneNumberPurchased", user.businessId, { businessId: user.businessId, phoneNumber: "+12125550105", providerSid: "PN0006" }),
    ]);

    expect((await business(user)).dedicatedTwilioNumber).toBe("+12125550105");
  });

  it("given the owner's e-mail changed, then the business follows it and emits one BusinessProfileUpdated", async () => {
    const user = await harness.registerUser();
    const change = (email: string) => harness.publish("UserProfileChanged", user.id, { userId: user.id, email, firstName: "Dana", lastName: "Owner" });

    const ids = [await change("new-owner@example.com"), await change("new-owner@example.com")];
    await eventually(async () => expect(await harness.processed(USERS_CONSUMER, ids)).toBe(2));

    expect((await business(user)).ownerEmail).toBe("new-owner@example.com");
    const logged = await harness.logged("BusinessProfileUpdated", user.businessId);
    expect(logged.map((event) => event.profile?.ownerEmail)).toEqual(["new-owner@example.com"]);
  });
});
