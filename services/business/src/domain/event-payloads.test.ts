import { commonV1, decodeEvent, encodeEvent, timestampDate } from "@rebound/contracts";
import { newBusiness } from "./business-defaults";
import { businessCreatedPayload, profileUpdatedPayload, settingsUpdatedPayload } from "./event-payloads";

const at = new Date("2026-01-05T15:00:00Z");
const business = {
  ...newBusiness({ id: "0e6b6a4e-7d4f-4a4b-9a4e-1b2c3d4e5f60", userId: "user-1", ownerEmail: "owner@example.com", at }),
  profile: { businessName: "Acme", businessPhone: "+12125550123", website: "acme.com", email: "hi@acme.com", emergencyNumber: "+12125550199" },
};

describe("business event payloads", () => {
  it("given a business, when BusinessCreated is encoded and decoded, then profile and settings survive", () => {
    const decoded = decodeEvent("BusinessCreated", encodeEvent("BusinessCreated", businessCreatedPayload(business)));

    expect(decoded.businessId).toBe(business.id);
    expect(decoded.userId).toBe("user-1");
    expect(decoded.profile).toMatchObject({ ...business.profile, ownerEmail: "owner@example.com" });
    expect(decoded.settings).toMatchObject({ smsMessage: business.settings.smsMessage, duplicateWindowSeconds: 86_400, ownerAlertsEnabled: true });
    expect(decoded.settings?.voicemailEnabled).toBe(true);
    expect(timestampDate(decoded.createdAt!)).toEqual(at);
  });

  it("given weekly hours, then they travel as seven DayHours from Monday to Sunday", () => {
    const decoded = decodeEvent("BusinessSettingsUpdated", encodeEvent("BusinessSettingsUpdated", settingsUpdatedPayload(business)));

    expect(decoded.settings?.businessHours.map((day) => day.day)).toEqual([
      commonV1.DayOfWeek.MONDAY,
      commonV1.DayOfWeek.TUESDAY,
      commonV1.DayOfWeek.WEDNESDAY,
      commonV1.DayOfWeek.THURSDAY,
      commonV1.DayOfWeek.FRIDAY,
      commonV1.DayOfWeek.SATURDAY,
      commonV1.DayOfWeek.SUNDAY,
    ]);
    expect(decoded.settings?.businessHours[5]).toMatchObject({ open: "10:00", close: "16:00", enabled: false });
  });

  it("given voicemail switched off, then the event says false (present), not absent (absent reads as off for older businesses too)", () => {
    const off = { ...business, settings: { ...business.settings, voicemailEnabled: false } };

    const decoded = decodeEvent("BusinessSettingsUpdated", encodeEvent("BusinessSettingsUpdated", settingsUpdatedPayload(off)));

    expect(decoded.settings?.voicemailEnabled).toBe(false);
  });

  it("given a profile update, then the owner's e-mail goes with the profile", () => {
    const decoded = decodeEvent("BusinessProfileUpdated", encodeEvent("BusinessProfileUpdated", profileUpdatedPayload(business)));

    expect(decoded.profile?.ownerEmail).toBe("owner@example.com");
    expect(timestampDate(decoded.updatedAt!)).toEqual(at);
  });
});
