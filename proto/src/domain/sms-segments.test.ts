import { MAX_MESSAGE_LENGTH, countSmsSegments } from "./sms-segments";

describe("countSmsSegments", () => {
  it("given empty text, then it is 0 characters and 0 segments", () => {
    expect(countSmsSegments("")).toEqual({ encoding: "GSM-7", characters: 0, segments: 0, perSegment: 160 });
  });
  it("given 160 plain characters, then it is one GSM-7 segment", () => {
    expect(countSmsSegments("a".repeat(160))).toEqual({
      encoding: "GSM-7",
      characters: 160,
      segments: 1,
      perSegment: 160,
    });
  });
  it("given 161 plain characters, then it is two segments of 153", () => {
    expect(countSmsSegments("a".repeat(161))).toEqual({
      encoding: "GSM-7",
      characters: 161,
      segments: 2,
      perSegment: 153,
    });
  });
  it("given 306 and 307 plain characters, then it is two and three segments", () => {
    expect(countSmsSegments("a".repeat(306)).segments).toBe(2);
    expect(countSmsSegments("a".repeat(307)).segments).toBe(3);
  });
  it("given GSM basic characters outside ASCII, then it stays GSM-7 at one septet each", () => {
    expect(countSmsSegments("£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¡ÄÖÑÜ§¿äöñüà@$\n\r")).toMatchObject({
      encoding: "GSM-7",
      characters: 43,
    });
  });
  it.each(["{", "}", "[", "]", "~", "\\", "|", "^", "€", "\f"])("given the extension character %j, then it counts 2 septets", (char) => {
    expect(countSmsSegments(`a${char}`)).toMatchObject({ encoding: "GSM-7", characters: 3 });
  });
  it("given 80 extension characters, then they fill exactly one segment; 81 need two", () => {
    expect(countSmsSegments("€".repeat(80))).toEqual({
      encoding: "GSM-7",
      characters: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(countSmsSegments("€".repeat(81))).toMatchObject({ characters: 162, segments: 2 });
  });
  it("given an extension character straddling a segment boundary, then it moves to the next segment", () => {
    // 152 + 2 = 154 septets would fit ceil(.../153) = 2, but the escape pair cannot be split,
    // so segment 1 holds 152, segment 2 holds the € and the rest.
    const text = `${"a".repeat(152)}€${"a".repeat(152)}`; // 306 septets
    expect(countSmsSegments(text)).toMatchObject({ characters: 306, segments: 3, perSegment: 153 });
    expect(countSmsSegments(`${"a".repeat(151)}€${"a".repeat(153)}`)).toMatchObject({ characters: 306, segments: 2 });
  });
  it("given an emoji, then the text switches to UCS-2 and the emoji counts 2", () => {
    expect(countSmsSegments("Hi 👋")).toEqual({ encoding: "UCS-2", characters: 5, segments: 1, perSegment: 70 });
  });
  it("given 70 and 71 UCS-2 units, then it is one segment then two of 67", () => {
    expect(countSmsSegments(`${"a".repeat(68)}😀`)).toEqual({
      encoding: "UCS-2",
      characters: 70,
      segments: 1,
      perSegment: 70,
    });
    expect(countSmsSegments(`${"a".repeat(69)}😀`)).toEqual({
      encoding: "UCS-2",
      characters: 71,
      segments: 2,
      perSegment: 67,
    });
  });
  it("given 100 plain characters plus one emoji, then the emoji halves the room: 2 segments instead of 1", () => {
    expect(countSmsSegments("a".repeat(100)).segments).toBe(1);
    expect(countSmsSegments(`${"a".repeat(100)}🙂`)).toMatchObject({ encoding: "UCS-2", characters: 102, segments: 2 });
  });
  it("given a surrogate pair straddling a UCS-2 boundary, then it is not split", () => {
    expect(countSmsSegments(`${"a".repeat(66)}😀${"a".repeat(66)}`)).toMatchObject({ characters: 134, segments: 3 });
  });
  it.each(["’", "“", "—", "…", "`", "ç", "á"])("given %j (not in GSM 03.38), then it is UCS-2", (char) => {
    expect(countSmsSegments(`Don't ${char}`).encoding).toBe("UCS-2");
  });
  it("given the length limit, then it is 1600", () => {
    expect(MAX_MESSAGE_LENGTH).toBe(1600);
  });
});
