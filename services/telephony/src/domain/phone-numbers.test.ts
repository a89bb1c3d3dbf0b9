import { countryOfAreaCode, countryOfNumber, displayPhoneNumber, isTextable, normalizePhoneNumber } from "./phone-numbers";

describe("phone numbers", () => {
  it.each([
    ["+15551230001", "+15551230001"],
    ["(555) 123-0001", "+15551230001"],
    ["555.123.0001", "+15551230001"],
    ["1 555 123 0001", "+15551230001"],
    [" +44 20 7946 0958 ", "+442079460958"],
  ])("given %s, when normalizing, then %s", (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each(["", "12", "call me", "+0123456789", "055512300011", "+1 555 123 0001 ext 2"])("given %j, when normalizing, then it is not a phone number", (input) => {
    expect(normalizePhoneNumber(input)).toBeUndefined();
  });

  it("given E.164 and withheld caller ids, when asking if textable, then only E.164 is", () => {
    expect(isTextable("+15551230001")).toBe(true);
    expect(isTextable("anonymous")).toBe(false);
    expect(isTextable("")).toBe(false);
  });

  it("given 11 digits starting with 1, when displaying, then (xxx) xxx-xxxx; other numbers as given", () => {
    expect(displayPhoneNumber("+15551230001")).toBe("(555) 123-0001");
    expect(displayPhoneNumber("+442079460958")).toBe("+442079460958");
  });

  it("given Canadian and US area codes, when finding the country, then CA or US", () => {
    expect(countryOfAreaCode("416")).toBe("CA");
    expect(countryOfAreaCode("604")).toBe("CA");
    expect(countryOfAreaCode("212")).toBe("US");
    expect(countryOfNumber("+14165550123")).toBe("CA");
    expect(countryOfNumber("+13055550123")).toBe("US");
  });
});
