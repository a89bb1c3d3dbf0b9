import { defaultSettings } from "./business-defaults";
import { AFTER_HOURS_MESSAGE_REQUIRED, applySettingsChange, settingsIssues } from "./settings-change";

describe("applySettingsChange", () => {
  it("given only the required fields, then every other setting keeps its stored value", () => {
    const current = { ...defaultSettings(), duplicateWindowSeconds: 3600, doNotTextNumbers: ["+12125550123"], afterHoursEnabled: true };

    const next = applySettingsChange(current, { smsMessage: "Hi", timeZone: "Asia/Tokyo" });

    expect(next).toEqual({ ...current, smsMessage: "Hi", timeZone: "Asia/Tokyo" });
  });

  it("given every field, then each replaces the stored value", () => {
    const current = defaultSettings();
    const change = {
      smsMessage: "A",
      timeZone: "Europe/Paris",
      afterHoursMessage: "B",
      afterHoursEnabled: true,
      autoReplyEnabled: false,
      smsAutoReplyEnabled: true,
      smsAutoReplyMessage: "C",
      businessHours: { ...current.businessHours, sunday: { open: "11:00", close: "13:00", enabled: true } },
      isActive: false,
      duplicateWindowSeconds: 0,
      ownerAlertsEnabled: false,
      doNotTextNumbers: ["+442079460958"],
      averageClientValue: 1500,
      closeRatePercent: 10,
      allowInternationalCallers: true,
      textLikelySpoofedCallers: true,
      voiceTextMessage: "We will text you.",
      voiceNoTextMessage: "Please call again.",
      voiceNoTextAnswer: "reject" as const,
      voicemailEnabled: false,
      inboxForwardNumber: "+14155550123",
      forwardingAlertsEnabled: false,
      closedDates: ["2026-12-25"],
    };

    expect(applySettingsChange(current, change)).toEqual(change);
  });
});

describe("settingsIssues", () => {
  it("given after-hours on with a blank message, then the spec's message is reported on afterHoursMessage", () => {
    const settings = { ...defaultSettings(), afterHoursEnabled: true, afterHoursMessage: " \n" };

    expect(settingsIssues(settings)).toEqual([{ field: "afterHoursMessage", message: AFTER_HOURS_MESSAGE_REQUIRED }]);
  });

  it("given after-hours off with a blank message, or on with a message, then there is no issue", () => {
    expect(settingsIssues({ ...defaultSettings(), afterHoursEnabled: false, afterHoursMessage: "" })).toEqual([]);
    expect(settingsIssues({ ...defaultSettings(), afterHoursEnabled: true })).toEqual([]);
  });
});
