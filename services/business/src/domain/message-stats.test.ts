import { DEFAULT_SMS_MESSAGE, defaultSettings, emptyProfile } from "./business-defaults";
import { messageStats } from "./message-stats";

// Monday 2026-01-05 10:00 in New York: open, so [OPEN_TIME] is the next opening, tomorrow.
const monday = new Date("2026-01-05T15:00:00Z");

describe("messageStats", () => {
  it("given the defaults, then each message is one GSM-7 segment", () => {
    const stats = messageStats(defaultSettings(), emptyProfile(), monday);

    expect(stats.smsMessage).toEqual({ encoding: "GSM-7", needsUcs2: false, characters: DEFAULT_SMS_MESSAGE.length, segments: 1, perSegment: 160 });
    expect(stats.afterHoursMessage.segments).toBe(1);
    expect(stats.smsAutoReplyMessage.segments).toBe(1);
  });

  it("given placeholders, then the count is of the text a caller receives with this business's values", () => {
    const settings = { ...defaultSettings(), smsMessage: "[Business Name] here. We're back [OPEN_TIME]. Visit [WEBSITE]." };

    const named = messageStats(settings, { ...emptyProfile(), businessName: "Acme", website: "acme.com" }, monday);
    const unnamed = messageStats(settings, emptyProfile(), monday);

    expect(named.smsMessage.characters).toBe("Acme here. We're back tomorrow at 9:00 AM. Visit acme.com.".length);
    expect(unnamed.smsMessage.characters).toBe("Our team here. We're back tomorrow at 9:00 AM.".length);
  });

  it("given a curly quote, then the message needs UCS-2 and segments hold 70 characters", () => {
    const settings = { ...defaultSettings(), smsMessage: `We\u2019ll call you back. ${"x".repeat(60)}` };

    expect(messageStats(settings, emptyProfile(), monday).smsMessage).toMatchObject({ encoding: "UCS-2", needsUcs2: true, segments: 2, perSegment: 67 });
  });

  it("given an empty auto-reply message, then it counts zero segments", () => {
    const settings = { ...defaultSettings(), smsAutoReplyMessage: "" };

    expect(messageStats(settings, emptyProfile(), monday).smsAutoReplyMessage.segments).toBe(0);
  });
});
