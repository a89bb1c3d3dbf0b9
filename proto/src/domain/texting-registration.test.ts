import { describeDeliveryError, isRegistrationInFlight, normalizeEin, textingRegistrationSchema, usA2pRegistrationApplies } from "./texting-registration";

const standard = {
  kind: "standard",
  legalName: "Ada's Plumbing LLC",
  ein: "12-3456789",
  businessType: "Limited Liability Corporation",
  industry: "PROFESSIONAL",
  website: "https://adasplumbing.example.com",
  street: "1 Main St",
  city: "San Francisco",
  region: "ca",
  postalCode: "94107",
  country: "US",
  contactFirstName: "Ada",
  contactLastName: "Owner",
  contactEmail: "ada@example.com",
  contactPhone: "(415) 555-0142",
};

const messagesOf = (body: unknown): Record<string, string> => {
  const result = textingRegistrationSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("usA2pRegistrationApplies", () => {
  it.each([
    ["+14155550100", "+12125550123", true],
    ["+14155550100", "+17875550123", true], // Puerto Rico: a US territory
    ["+14155550100", "+15555550123", true], // 555: no region, read as US like isUsOrCanadaNumber
    ["+14155550100", "+14165550123", false], // Toronto
    ["+14155550100", "+16045550123", false], // Vancouver
    ["+14165550100", "+12125550123", false], // a Canadian sender is not a US 10DLC number
    ["+14155550100", "+18765550123", false], // Jamaica is international, not US
    ["+14155550100", "+442079460958", false],
    ["+14155550100", "Anonymous", false],
  ])("from %s to %s: %s", (from, to, expected) => {
    expect(usA2pRegistrationApplies(from, to)).toBe(expected);
  });
});

describe("normalizeEin", () => {
  it.each([
    ["12-3456789", "123456789"],
    ["123456789", "123456789"],
    [" 12-3456789 ", "123456789"],
    ["00-0000000", null],
    ["000000000", null],
    ["1234-56789", null],
    ["12345678", null],
    ["12-34567890", null],
  ])("%s => %s", (typed, digits) => {
    expect(normalizeEin(typed)).toBe(digits);
  });
});

describe("textingRegistrationSchema", () => {
  it("accepts a standard brand and normalises the EIN, phone, region and postal code", () => {
    expect(textingRegistrationSchema.parse(standard)).toMatchObject({ ein: "123456789", contactPhone: "+14155550142", region: "CA" });
  });

  it("accepts a sole proprietor with a Canadian address", () => {
    const parsed = textingRegistrationSchema.parse({
      kind: "sole_proprietor",
      firstName: "Ada",
      lastName: "Owner",
      email: "ada@example.com",
      mobilePhone: "+1 416 555 0142",
      street: "1 King St W",
      city: "Toronto",
      region: "ON",
      postalCode: "m5h 1a1",
      country: "CA",
    });
    expect(parsed).toMatchObject({ mobilePhone: "+14165550142", postalCode: "M5H 1A1" });
  });

  it("answers per field: an all-zero EIN, a website without https, an unknown industry, a foreign phone", () => {
    expect(
      messagesOf({ ...standard, ein: "00-0000000", website: "http://adasplumbing.example.com", industry: "PLUMBING", contactPhone: "+442079460958" }),
    ).toEqual({
      ein: "EIN must be 9 digits, e.g. 12-3456789",
      website: "Website must start with https://",
      industry: "Choose your industry",
      contactPhone: "Enter a US or Canadian phone number",
    });
  });

  it("names a missing kind", () => {
    expect(messagesOf({ legalName: "x" })).toEqual({ kind: "Choose standard (a business with an EIN) or sole_proprietor" });
  });
});

describe("describeDeliveryError", () => {
  it("puts 30034 and 30007 in the owner's words, and marks 30034 as the registration's problem", () => {
    expect(describeDeliveryError("30034")).toMatchObject({ words: "Blocked by the carrier: texting registration", registrationProblem: true });
    expect(describeDeliveryError("30007")).toMatchObject({ words: "Filtered by the carrier as spam", registrationProblem: false });
    expect(describeDeliveryError("99999")).toBeUndefined();
    expect(describeDeliveryError(undefined)).toBeUndefined();
  });
});

describe("isRegistrationInFlight", () => {
  it("holds while the carriers decide, not before or after", () => {
    expect(["not_started", "submitted", "brand_approved", "needs_verification", "approved", "failed"].map((s) => isRegistrationInFlight(s as never))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
