import { commonV1, decodeEvent, encodeEvent, timestampDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { USERS_CONSUMER } from "../src/service";
import { BusinessHarness, eventually } from "./support/business-harness";
import type { BusinessResponse } from "./support/api-types";

describe("business created from UserRegistered", () => {
  let harness: BusinessHarness;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given a new user, when UserRegistered arrives, then GET /api/business returns the spec's defaults", async () => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: user.businessId,
      userId: user.id,
      businessName: "",
      businessPhone: "",
      website: "",
      email: "",
      emergencyNumber: "",
      ownerEmail: user.email,
      countryCode: "+1",
      dedicatedTwilioNumber: null,
      twilioNumberSid: null,
      phoneNumberPurchasedAt: null,
      phoneNumberCountry: "US",
      smsMessage: "Thanks for calling! We missed your call but will get back to you soon.",
      afterHoursMessage: "Thanks for calling! We're currently closed but will get back to you during business hours.",
      afterHoursEnabled: false,
      autoReplyEnabled: true,
      smsAutoReplyEnabled: false,
      // Not the spec's "does not receive replies": the inbox takes replies (docs/conversations.md).
      smsAutoReplyMessage: "Thank you for your message. [Business Name] will get back to you soon.",
      timeZone: "America/New_York",
      isActive: true,
      setupCompleted: false,
      lastSmsTestDate: null,
      lastSmsTestStatus: null,
      lastCallForwardingTestDate: null,
      lastCallForwardingTestStatus: null,
      duplicateWindowHours: 24,
      ownerAlertsEnabled: true,
      doNotTextNumbers: [],
      voicemailEnabled: true,
      createdAt: harness.clock.now().toISOString(),
      updatedAt: harness.clock.now().toISOString(),
    });
    const weekday = { open: "09:00", close: "17:00", enabled: true };
    const weekend = { open: "10:00", close: "16:00", enabled: false };
    expect(body.businessHours).toEqual({
      monday: weekday,
      tuesday: weekday,
      wednesday: weekday,
      thursday: weekday,
      friday: weekday,
      saturday: weekend,
      sunday: weekend,
    });
  });

  it("given a new business without a name, when its message stats are read, then [Business Name] is counted as 'our team'", async () => {
    const user = await harness.registerUser();
    await harness.request("POST", "/api/business", user, { customMessage: "Thanks for calling [Business Name]!", timeZone: "America/New_York" });

    const { body } = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(body.messageStats.smsMessage).toEqual({
      encoding: "GSM-7",
      needsUcs2: false,
      characters: "Thanks for calling our team!".length,
      segments: 1,
      perSegment: 160,
    });
  });

  it("given a UserRegistered, when BusinessCreated is emitted, then it carries the profile and the full settings snapshot", async () => {
    const user = await harness.registerUser();

    const [created] = harness.events("BusinessCreated", user.businessId);

    expect(created?.key).toBe(user.businessId);
    const payload = created!.payload;
    expect(payload.userId).toBe(user.id);
    expect(payload.profile).toMatchObject({ businessName: "", businessPhone: "", ownerEmail: user.email });
    expect(payload.settings).toMatchObject({
      smsMessage: "Thanks for calling! We missed your call but will get back to you soon.",
      afterHoursEnabled: false,
      autoReplyEnabled: true,
      smsAutoReplyEnabled: false,
      timeZone: "America/New_York",
      isActive: true,
      duplicateWindowSeconds: 86_400,
      ownerAlertsEnabled: true,
      doNotTextNumbers: [],
      voicemailEnabled: true,
    });
    expect(payload.settings?.businessHours.map((day) => [day.day, day.open, day.close, day.enabled])).toEqual([
      [commonV1.DayOfWeek.MONDAY, "09:00", "17:00", true],
      [commonV1.DayOfWeek.TUESDAY, "09:00", "17:00", true],
      [commonV1.DayOfWeek.WEDNESDAY, "09:00", "17:00", true],
      [commonV1.DayOfWeek.THURSDAY, "09:00", "17:00", true],
      [commonV1.DayOfWeek.FRIDAY, "09:00", "17:00", true],
      [commonV1.DayOfWeek.SATURDAY, "10:00", "16:00", false],
      [commonV1.DayOfWeek.SUNDAY, "10:00", "16:00", false],
    ]);
    expect(timestampDate(payload.createdAt!)).toEqual(harness.clock.now());
    expect(decodeEvent("BusinessCreated", encodeEvent("BusinessCreated", payload))).toEqual(payload);
  });

  it("given the same UserRegistered delivered twice and re-sent with a new event id, then the user has exactly one business", async () => {
    const user = { id: randomUUID(), email: "twice@example.com" };
    const payload = { userId: user.id, email: user.email, firstName: "Twi", lastName: "Ce" };
    const first = await harness.publish("UserRegistered", user.id, payload);
    await harness.publish("UserRegistered", user.id, payload, first);
    const second = await harness.publish("UserRegistered", user.id, payload);
    // Records of one key are handled in order, so once the last is processed all three were.
    await eventually(async () => expect(await harness.processed(USERS_CONSUMER, [first, second])).toBe(2));

    const { status, body } = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(status).toBe(200);
    expect(await harness.db.business.count({ where: { userId: user.id } })).toBe(1);
    expect(await harness.logged("BusinessCreated", body.id)).toHaveLength(1);
  });
});
