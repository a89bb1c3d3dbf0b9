import { commonV1, createPayload, decodeEvent, encodeEvent, timestampDate } from "@rebound/contracts";
import { BusinessHarness } from "./support/business-harness";
import { specSettingsPayload, type BusinessResponse, type ErrorBody } from "./support/api-types";

describe("POST /api/business", () => {
  let harness: BusinessHarness;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given the spec's payload, when saved, then the business has the new settings and GET returns them", async () => {
    const user = await harness.registerUser();
    harness.clock.advance(60_000);

    const saved = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload());
    const read = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(saved.status).toBe(200);
    expect(read.body).toEqual(saved.body);
    expect(read.body).toMatchObject({
      smsMessage: "Thanks for calling [Business Name]! We'll call you right back.",
      afterHoursMessage: "We're closed. We're back [OPEN_TIME].",
      afterHoursEnabled: true,
      smsAutoReplyEnabled: false,
      smsAutoReplyMessage: "This number does not take replies.",
      timeZone: "America/Chicago",
      isActive: true,
      businessHours: specSettingsPayload().businessHours,
      updatedAt: harness.clock.now().toISOString(),
      duplicateWindowHours: 24,
      ownerAlertsEnabled: true,
      doNotTextNumbers: [],
    });
  });

  it("given a successful update, then exactly one BusinessSettingsUpdated with the full settings round-trips through protobuf", async () => {
    const user = await harness.registerUser();

    await harness.request("POST", "/api/business", user, specSettingsPayload({ duplicateWindowHours: 2 }));

    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(logged).toHaveLength(1);
    const payload = logged[0]!;
    expect(payload).toMatchObject({ businessId: user.businessId, userId: user.id });
    expect(timestampDate(payload.updatedAt!)).toEqual(harness.clock.now());
    expect(payload.settings).toMatchObject({
      smsMessage: "Thanks for calling [Business Name]! We'll call you right back.",
      afterHoursMessage: "We're closed. We're back [OPEN_TIME].",
      afterHoursEnabled: true,
      autoReplyEnabled: true,
      smsAutoReplyEnabled: false,
      smsAutoReplyMessage: "This number does not take replies.",
      timeZone: "America/Chicago",
      isActive: true,
      duplicateWindowSeconds: 7200,
      ownerAlertsEnabled: true,
      doNotTextNumbers: [],
    });
    expect(payload.settings?.businessHours.find((day) => day.day === commonV1.DayOfWeek.FRIDAY)).toMatchObject({
      open: "22:00",
      close: "02:00",
      enabled: true,
    });
    const bytes = encodeEvent("BusinessSettingsUpdated", payload);
    expect(decodeEvent("BusinessSettingsUpdated", bytes)).toEqual(createPayload("BusinessSettingsUpdated", payload));
    const published = await harness.waitForEvent("BusinessSettingsUpdated", (event) => event.key === user.businessId);
    expect(published.payload).toEqual(payload);
  });

  it("given two valid updates and a rejected one, then one event per successful update and none for the rejected", async () => {
    const user = await harness.registerUser();

    await harness.request("POST", "/api/business", user, specSettingsPayload({ customMessage: "First" }));
    const rejected = await harness.request("POST", "/api/business", user, specSettingsPayload({ customMessage: "" }));
    await harness.request("POST", "/api/business", user, specSettingsPayload({ customMessage: "Second" }));

    expect(rejected.status).toBe(400);
    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(logged.map((event) => event.settings?.smsMessage)).toEqual(["First", "Second"]);
  });

  it("given a message with an emoji, when saved, then the response tells its segment count and that it needs UCS-2", async () => {
    const user = await harness.registerUser();
    const customMessage = `${"Sorry we missed you! ".repeat(4)}\u{1F600}`;

    const { body } = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage }));

    expect(body.messageStats.smsMessage).toEqual({
      encoding: "UCS-2",
      needsUcs2: true,
      characters: customMessage.trim().length,
      segments: 2,
      perSegment: 67,
    });
    expect(body.messageStats.afterHoursMessage).toMatchObject({ encoding: "GSM-7", needsUcs2: false, segments: 1, perSegment: 160 });
  });

  it("given the call-path extras, when saved, then the window, alerts and do-not-text numbers are stored normalised", async () => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<BusinessResponse>(
      "POST",
      "/api/business",
      user,
      specSettingsPayload({
        duplicateWindowHours: 0,
        ownerAlertsEnabled: false,
        doNotTextNumbers: ["(212) 555-0123", "+1 212 555 0123", "+44 20 7946 0958"],
      }),
    );

    expect(status).toBe(200);
    expect(body).toMatchObject({ duplicateWindowHours: 0, ownerAlertsEnabled: false, doNotTextNumbers: ["+12125550123", "+442079460958"] });
    const [event] = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(event?.settings).toMatchObject({ duplicateWindowSeconds: 0, ownerAlertsEnabled: false, doNotTextNumbers: ["+12125550123", "+442079460958"] });
  });

  it("given stored extras, when the spec's payload (without them) is saved, then they are kept", async () => {
    const user = await harness.registerUser();
    await harness.request("POST", "/api/business", user, specSettingsPayload({ duplicateWindowHours: 48, doNotTextNumbers: ["2125550123"] }));

    const { body } = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage: "Changed" }));

    expect(body).toMatchObject({ smsMessage: "Changed", duplicateWindowHours: 48, doNotTextNumbers: ["+12125550123"] });
  });

  it("given read-model fields in the body, when saved, then the dedicated number and test fields are not written", async () => {
    const user = await harness.registerUser();

    const { body } = await harness.request<BusinessResponse>(
      "POST",
      "/api/business",
      user,
      specSettingsPayload({
        dedicatedTwilioNumber: "+12125550100",
        twilioNumberSid: "PN123",
        setupCompleted: true,
        lastCallForwardingTestStatus: "success",
        businessName: "Sneaky",
      }),
    );

    expect(body).toMatchObject({
      dedicatedTwilioNumber: null,
      twilioNumberSid: null,
      setupCompleted: false,
      lastCallForwardingTestStatus: null,
      businessName: "",
    });
  });

  it("given after-hours switched on without a message while the stored one is blank, then it is rejected on afterHoursMessage", async () => {
    const user = await harness.registerUser();
    await harness.request("POST", "/api/business", user, specSettingsPayload({ afterHoursEnabled: false, afterHoursMessage: "" }));
    const { afterHoursMessage: _omitted, ...withoutMessage } = specSettingsPayload({ afterHoursEnabled: true });

    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, withoutMessage);

    expect(status).toBe(400);
    expect(body).toEqual({
      message: "After hours message is required when after-hours messaging is enabled",
      code: "VALIDATION_FAILED",
      errors: [{ field: "afterHoursMessage", message: "After hours message is required when after-hours messaging is enabled" }],
    });
    expect(await harness.logged("BusinessSettingsUpdated", user.businessId)).toHaveLength(1);
  });

  it("given after-hours off, when the after-hours message is blank, then it is accepted (spec: optional otherwise)", async () => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<BusinessResponse>(
      "POST",
      "/api/business",
      user,
      specSettingsPayload({ afterHoursEnabled: false, afterHoursMessage: "", smsAutoReplyMessage: "" }),
    );

    expect(status).toBe(200);
    expect(body).toMatchObject({ afterHoursEnabled: false, afterHoursMessage: "", smsAutoReplyMessage: "" });
  });

  it("given voicemail switched off, when saved, then GET and BusinessSettingsUpdated say off, and the spec's payload (without it) keeps it", async () => {
    const user = await harness.registerUser();

    const saved = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ voicemailEnabled: false }));
    const kept = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage: "Changed" }));

    expect(saved.body.voicemailEnabled).toBe(false);
    expect(kept.body).toMatchObject({ smsMessage: "Changed", voicemailEnabled: false });
    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(logged.map((event) => event.settings?.voicemailEnabled)).toEqual([false, false]);
  });

  it("given voicemail switched back on, when saved, then the event carries true", async () => {
    const user = await harness.registerUser();
    await harness.request("POST", "/api/business", user, specSettingsPayload({ voicemailEnabled: false }));

    const { body } = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ voicemailEnabled: true }));

    expect(body.voicemailEnabled).toBe(true);
    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(logged.at(-1)?.settings?.voicemailEnabled).toBe(true);
  });

  it("given the owner's mobile for forwarded replies, when saved as typed, then it is stored in E.164, kept when omitted, carried by the event, and cleared by an empty string", async () => {
    const user = await harness.registerUser();

    const saved = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ inboxForwardNumber: "(415) 555-0123" }));
    const kept = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage: "Changed" }));
    const cleared = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ inboxForwardNumber: "" }));

    expect(saved.body.inboxForwardNumber).toBe("+14155550123");
    expect(kept.body.inboxForwardNumber).toBe("+14155550123");
    expect(cleared.body.inboxForwardNumber).toBe("");
    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(logged.map((event) => event.settings?.inboxForwardNumber)).toEqual(["+14155550123", "+14155550123", ""]);
  });

  it("given forwarding alerts and closed dates (the forwarding watchdog's), when saved, then on and none by default, stored sorted without repeats, kept when omitted, and carried by the event", async () => {
    const user = await harness.registerUser();

    const before = await harness.request<BusinessResponse>("GET", "/api/business", user);
    const saved = await harness.request<BusinessResponse>(
      "POST",
      "/api/business",
      user,
      specSettingsPayload({ forwardingAlertsEnabled: false, closedDates: ["2026-12-25", "2026-12-24", "2026-12-25"] }),
    );
    const kept = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage: "Changed" }));

    expect(before.body).toMatchObject({ forwardingAlertsEnabled: true, closedDates: [] });
    expect(saved.body).toMatchObject({ forwardingAlertsEnabled: false, closedDates: ["2026-12-24", "2026-12-25"] });
    expect(kept.body).toMatchObject({ forwardingAlertsEnabled: false, closedDates: ["2026-12-24", "2026-12-25"] });
    const logged = await harness.logged("BusinessSettingsUpdated", user.businessId);
    expect(logged.at(-1)?.settings).toMatchObject({ forwardingAlertsEnabled: false, closedDates: ["2026-12-24", "2026-12-25"] });
  });

  it.each([
    [{ closedDates: ["2026-02-30"] }, "closedDates.0", "Closed dates must be dates like 2026-12-25"],
    [{ closedDates: "2026-12-25" }, "closedDates", "Closed dates must be a list of dates"],
    [{ forwardingAlertsEnabled: "no" }, "forwardingAlertsEnabled", "Forwarding alerts must be true or false"],
  ])("given %j, when saved, then 400", async (extra, field, message) => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, specSettingsPayload(extra));

    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field, message }]);
  });

  it.each(["+44 20 7946 0958", "12345", 4155550123])("given %p as the owner's mobile, when saved, then 400 on inboxForwardNumber", async (value) => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, specSettingsPayload({ inboxForwardNumber: value }));

    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "inboxForwardNumber", message: "Mobile number for texts must be a US or Canadian number, such as (212) 555-0123" }]);
  });

  it("given a voicemail switch that is not a boolean, when saved, then 400 on voicemailEnabled", async () => {
    const user = await harness.registerUser();

    const { status, body } = await harness.request<ErrorBody>("POST", "/api/business", user, specSettingsPayload({ voicemailEnabled: "yes" }));

    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: "voicemailEnabled", message: "Voicemail must be true or false" }]);
  });

  it("given a business stored before voicemail existed (the column's default), when read, then voicemail is off", async () => {
    const user = await harness.registerUser();
    await harness.db.$executeRawUnsafe(`UPDATE "business"."businesses" SET voicemail_enabled = DEFAULT WHERE id = $1::uuid`, user.businessId);

    const { body } = await harness.request<BusinessResponse>("GET", "/api/business", user);

    expect(body.voicemailEnabled).toBe(false);
  });
});
