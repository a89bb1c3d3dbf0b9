import { toE164 } from "./phone-number";

describe("toE164", () => {
  it.each([
    ["(212) 555-0123", "+12125550123"],
    ["212.555.0123", "+12125550123"],
    [" +1 212 555 0123 ", "+12125550123"],
    ["1-212-555-0123", "+12125550123"],
    ["613-555-0143", "+16135550143"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("given %s, then it is %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(["", "555-0123", "(555) 123-0001", "call me", "+1 212 555 01234567", "12345"])("given %p, then it is rejected", (input) => {
    expect(toE164(input)).toBeNull();
  });
});
