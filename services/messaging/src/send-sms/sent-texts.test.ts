import { SentTexts } from "./sent-texts";

const ref = (n: number) => ({ id: `sms-${n}`, businessId: "biz", callId: null, recipientNumber: "+15005550006", providerSid: `SM${n}` });

describe("SentTexts", () => {
  it("finds a remembered text by its provider sid until it is forgotten", () => {
    const texts = new SentTexts();
    texts.remember(ref(1));
    expect(texts.find("SM1")).toEqual(ref(1));
    expect(texts.find("SM2")).toBeUndefined();
    texts.forget("SM1");
    expect(texts.find("SM1")).toBeUndefined();
  });

  it("forgets the oldest text first when full", () => {
    const texts = new SentTexts(2);
    texts.remember(ref(1));
    texts.remember(ref(2));
    texts.remember(ref(1)); // remembered again: now the newest
    texts.remember(ref(3));
    expect(texts.find("SM2")).toBeUndefined();
    expect(texts.find("SM1")).toEqual(ref(1));
    expect(texts.find("SM3")).toEqual(ref(3));
  });
});
