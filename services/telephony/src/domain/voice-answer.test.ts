import { telephonyV1 } from "@rebound/contracts";
import { callPurpose, chooseVoiceAnswer, FORWARDING_TEST_ANSWER, voiceTwiml } from "./voice-answer";

const { CallPurpose } = telephonyV1;

describe("voice answer", () => {
  it("given our test caller, when classifying, then a forwarding test; anyone else is a missed call", () => {
    expect(callPurpose("+15005550006", "+15005550006")).toBe(CallPurpose.FORWARDING_TEST);
    expect(callPurpose("+15551230001", "+15005550006")).toBe(CallPurpose.MISSED_CALL);
  });

  it("given a missed call, when the business answers calls, then the spoken message; when not, then reject", () => {
    expect(chooseVoiceAnswer({ purpose: CallPurpose.MISSED_CALL, answerCalls: true, message: "Hi" })).toEqual({ kind: "say", message: "Hi" });
    expect(chooseVoiceAnswer({ purpose: CallPurpose.MISSED_CALL, answerCalls: false, message: "Hi" })).toEqual({ kind: "reject" });
  });

  it("given a forwarding test call, when answering, then always the test message, even for a business that rejects", () => {
    expect(chooseVoiceAnswer({ purpose: CallPurpose.FORWARDING_TEST, answerCalls: false, message: "Hi" })).toEqual({ kind: "say", message: FORWARDING_TEST_ANSWER });
  });

  it("given answers, when rendering TwiML, then Say+Hangup with the text escaped, or Reject", () => {
    expect(voiceTwiml({ kind: "say", message: "Tom & Jerry's <shop>" })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Tom &amp; Jerry&apos;s &lt;shop&gt;</Say><Hangup/></Response>',
    );
    expect(voiceTwiml({ kind: "reject" })).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>');
  });
});
