import { AREA_CODE_MESSAGE, areaCodeInput, areaCodeSchema } from "./search-numbers";

describe("area code (docs/product.md section 5)", () => {
  it("keeps digits only, at most 3", () => {
    expect(areaCodeInput("2a1-29")).toBe("212");
    expect(areaCodeInput("abc")).toBe("");
  });
  it("searches only at exactly 3 digits, otherwise 'Please enter a valid 3-digit area code'", () => {
    expect(areaCodeSchema.safeParse({ areaCode: "212" }).success).toBe(true);
    const short = areaCodeSchema.safeParse({ areaCode: "21" });
    expect(short.success ? undefined : short.error.issues[0]?.message).toBe(AREA_CODE_MESSAGE);
    expect(AREA_CODE_MESSAGE).toBe("Please enter a valid 3-digit area code");
  });
});
