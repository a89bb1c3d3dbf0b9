import { normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it("given an address with spaces and capitals, when normalised, then trimmed and lower-cased", () => {
    expect(normalizeEmail("  Ada.Owner@Example.COM \n")).toBe("ada.owner@example.com");
  });

  it("given a normalised address, when normalised again, then unchanged", () => {
    expect(normalizeEmail("ada@example.com")).toBe("ada@example.com");
  });
});
