import { DEFAULT_VOICE_NO_TEXT_ANSWER, VOICE_NO_TEXT_ANSWERS, toVoiceNoTextAnswer } from "./voice-no-text-answer";

describe("voice no-text answer", () => {
  it.each(VOICE_NO_TEXT_ANSWERS)("given the stored answer %s, when read, then it is kept", (answer) => {
    expect(toVoiceNoTextAnswer(answer)).toBe(answer);
  });

  it.each(["", "sing", "SAY"])("given the unknown stored value %j, when read, then it is the default, say", (value) => {
    expect(toVoiceNoTextAnswer(value)).toBe("say");
    expect(DEFAULT_VOICE_NO_TEXT_ANSWER).toBe("say");
  });
});
