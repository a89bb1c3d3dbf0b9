import { excerpt, voicemailLength } from "./caller-message-words";
import { FORWARD_EXCERPT_LENGTH, ownerForwardText } from "./owner-forward-text";

const at = new Date("2026-03-02T15:00:00Z");
const url = "https://app.example/app/inbox/abc";

describe("the text to the owner's mobile", () => {
  it("given one reply, then 'Reply from' the caller's number as people write it, and the thread's link", () => {
    expect(ownerForwardText([{ kind: "reply", callerNumber: "+14155550123", message: "Can you call me back at 3?", seconds: 0, at }], url)).toBe(
      "Reply from (415) 555-0123: Can you call me back at 3?\nOpen: https://app.example/app/inbox/abc",
    );
  });

  it("given one voicemail, with and without its transcript, then its length and what was said", () => {
    const voicemail = { kind: "voicemail" as const, callerNumber: "+14155550123", seconds: 125, at };
    expect(ownerForwardText([{ ...voicemail, message: "The sink leaks." }], url)).toBe(`Voicemail from (415) 555-0123 (2:05): The sink leaks.\nOpen: ${url}`);
    expect(ownerForwardText([{ ...voicemail, message: "" }], url)).toBe(`Voicemail from (415) 555-0123 (2:05).\nOpen: ${url}`);
  });

  it("given several messages, then their count and the latest", () => {
    const text = ownerForwardText(
      [
        { kind: "reply", callerNumber: "+14155550123", message: "Hello?", seconds: 0, at },
        { kind: "voicemail", callerNumber: "+14155550123", message: "", seconds: 9, at },
      ],
      url,
    );
    expect(text).toBe(`2 messages from (415) 555-0123. Latest: Voicemail (0:09), no transcript\nOpen: ${url}`);
  });

  it("given a withheld caller id, then it says so instead of a made-up number", () => {
    expect(ownerForwardText([{ kind: "voicemail", callerNumber: "+266696687", message: "Hi", seconds: 3, at }], url)).toMatch(
      /^Voicemail from Caller ID withheld \(0:03\): Hi/,
    );
  });

  it("given a long reply, then the caller's words are cut with an ellipsis, whitespace folded", () => {
    const text = ownerForwardText([{ kind: "reply", callerNumber: "+14155550123", message: `${"word ".repeat(100)}\n\nend`, seconds: 0, at }], url);
    const words = text.split("\n")[0]?.replace("Reply from (415) 555-0123: ", "") ?? "";
    expect(words).toHaveLength(FORWARD_EXCERPT_LENGTH);
    expect(words.endsWith("…")).toBe(true);
  });

  it.each([
    [0, "0:00"],
    [59, "0:59"],
    [60, "1:00"],
    [601, "10:01"],
  ])("formats %p seconds as %p", (seconds, words) => {
    expect(voicemailLength(seconds)).toBe(words);
  });

  it("keeps a short text as it is, whitespace folded", () => {
    expect(excerpt("  a \n b  ", 10)).toBe("a b");
  });
});
