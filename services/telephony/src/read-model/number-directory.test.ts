import { NumberDirectory } from "./number-directory";

describe("NumberDirectory", () => {
  it("given a number and a business, when looking up, then number -> business, user -> business, business -> number", () => {
    const directory = new NumberDirectory();

    directory.replaceAll(
      [{ phoneNumber: "+13055550123", businessId: "biz-1", userId: "user-1" }],
      [
        {
          businessId: "biz-1",
          userId: "user-1",
          businessPhone: "+15559870001",
          answerCalls: false,
          isActive: true,
          doNotTextNumbers: [],
          allowInternationalCallers: false,
          textLikelySpoofedCallers: false,
          voiceTextMessage: "",
          voiceNoTextMessage: "",
          voiceNoTextAnswer: "say",
          voicemailEnabled: false,
        },
      ],
    );

    expect(directory.number("+13055550123")?.businessId).toBe("biz-1");
    expect(directory.businessIdOfUser("user-1")).toBe("biz-1");
    expect(directory.dedicatedNumberOf("biz-1")).toBe("+13055550123");
    expect(directory.business("biz-1")?.answerCalls).toBe(false);
  });

  it("given a released number, when removed, then the number and the business's dedicated number are gone", () => {
    const directory = new NumberDirectory();
    directory.putNumber({ phoneNumber: "+13055550123", businessId: "biz-1", userId: "user-1" });

    directory.removeNumber("+13055550123");

    expect(directory.number("+13055550123")).toBeUndefined();
    expect(directory.dedicatedNumberOf("biz-1")).toBeUndefined();
  });

  it("given a business that changes number, when the new one is put, then the old one no longer resolves", () => {
    const directory = new NumberDirectory();
    directory.putNumber({ phoneNumber: "+13055550123", businessId: "biz-1", userId: "user-1" });

    directory.putNumber({ phoneNumber: "+13055550124", businessId: "biz-1", userId: "user-1" });

    expect(directory.number("+13055550123")).toBeUndefined();
    expect(directory.dedicatedNumberOf("biz-1")).toBe("+13055550124");
  });
});
