import {
  isForwardingTestDestination,
  callerIdKind,
  callerLabel,
  classifyCaller,
  countryOfAreaCode,
  countryOfNumber,
  displayPhoneNumber,
  isE164,
  isUsOrCanadaNumber,
  isWithheldCallerId,
  nanpRegionOf,
  NO_REGION,
  samePhoneNumber,
  screenCaller,
  stirVerdict,
  toE164,
  type CallerClassification,
  type CallerScreenReason,
  type CallerScreeningSettings,
} from "./phone-numbers";

describe("phone numbers", () => {
  it.each([
    ["(212) 555-0123", "+12125550123"],
    ["212.555.0123", "+12125550123"],
    ["+1 212 555 0123", "+12125550123"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("given %s typed by an owner, when normalised, then it is %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(["555-0123", "abc", "", "+1 555 123 0001"])("given %s, when normalised, then it is rejected", (input) => {
    expect(toE164(input)).toBeNull();
  });

  it("given the E.164 shape, when checked, then only a plus and 8 to 15 digits pass", () => {
    expect(isE164("+15551230001")).toBe(true);
    expect(isE164("+0123456789")).toBe(false);
    expect(isE164("15551230001")).toBe(false);
    expect(isE164("+1234567")).toBe(false);
  });

  it("given an 11-digit +1 number, when displayed, then it reads (xxx) xxx-xxxx; others as given", () => {
    expect(displayPhoneNumber("+12125550123")).toBe("(212) 555-0123");
    expect(displayPhoneNumber("+442079460958")).toBe("+442079460958");
  });

  it("given Canadian and US area codes, when classified, then Canada is told apart", () => {
    expect(countryOfNumber("+14165550123")).toBe("CA");
    expect(countryOfNumber("+16045551234")).toBe("CA");
    expect(countryOfNumber("+12125550123")).toBe("US");
    expect(countryOfAreaCode("514")).toBe("CA");
    expect(countryOfAreaCode("415")).toBe("US");
  });

  it("given the same number typed two ways, when compared, then they match", () => {
    expect(samePhoneNumber("(555) 123-0001", "+15551230001")).toBe(true);
    expect(samePhoneNumber("(555) 123-0002", "+15551230001")).toBe(false);
    expect(samePhoneNumber("", "")).toBe(false);
  });
});

describe("caller classification", () => {
  it.each([
    ["+266696687", "ANONYMOUS keypad"],
    ["+7378742833", "RESTRICTED keypad"],
    ["+86282452253", "UNAVAILABLE keypad"],
    ["+8656696", "UNKNOWN keypad"],
    ["+2562533", "BLOCKED keypad"],
    ["+7748283", "PRIVATE keypad"],
    ["266696687", "ANONYMOUS keypad without the plus"],
    ["Anonymous", "word"],
    ["anonymous", "word, lower case"],
    ["ANONYMOUS", "word, upper case"],
    ["Restricted", "word"],
    ["Unknown", "word"],
    ["Private", "word"],
    ["Unavailable", "word"],
    ["Blocked", "word"],
    ["", "empty"],
    ["   ", "blank"],
    ["client:alice", "a Twilio client"],
    ["sip:alice@example.com", "a SIP address"],
    ["abc", "letters"],
    ["12345", "too short, no plus"],
  ])("given From %s (%s), when classified, then the caller id is withheld", (from) => {
    expect(isWithheldCallerId(from)).toBe(true);
    expect(callerIdKind(from)).toBe("withheld");
    expect(callerLabel(from)).toBe("Caller ID withheld");
  });

  it.each<[string, "nanp" | "international", string]>([
    ["+12125550123", "nanp", "New York"],
    ["+14165550123", "nanp", "Toronto"],
    ["+16045551234", "nanp", "Vancouver"],
    ["+15551230001", "nanp", "555 test number (no country): US"],
    ["+18005551234", "nanp", "US toll-free"],
    ["+17378742834", "nanp", "Austin, one digit off RESTRICTED's keypad spelling with +1"],
    ["+18765551234", "international", "+1 876 Jamaica"],
    ["+12425551234", "international", "+1 242 Bahamas"],
    ["+17875551234", "international", "+1 787 Puerto Rico"],
    ["+447700900123", "international", "UK mobile"],
    ["+5215512345678", "international", "Mexican mobile with the old 1"],
    ["+525512345678", "international", "Mexican mobile"],
    ["+33612345678", "international", "France"],
  ])("given %s, when classified, then %s (%s)", (from, kind) => {
    expect(callerIdKind(from)).toBe(kind);
    expect(isUsOrCanadaNumber(from)).toBe(kind === "nanp");
    expect(isWithheldCallerId(from)).toBe(false);
  });

  it.each([
    ["TN-Validation-Passed-A", "passed"],
    ["TN-Validation-Passed-B", "passed"],
    ["TN-Validation-Passed-C", "passed"],
    ["tn-validation-passed-a", "passed"],
    ["TN-Validation-Failed-A", "failed"],
    ["TN-Validation-Failed-B", "failed"],
    ["TN-Validation-Failed-C", "failed"],
    ["TN-Validation-Failed", "failed"],
    ["No-TN-Validation", "not_validated"],
    ["something-new", "not_validated"],
    ["", "absent"],
    [undefined, "absent"],
  ] as const)("given StirVerstat %s, when read, then %s", (value, verdict) => {
    expect(stirVerdict(value)).toBe(verdict);
  });

  const owner = (allowInternational: boolean, textLikelySpoofed: boolean): CallerScreeningSettings => ({ allowInternational, textLikelySpoofed });
  const caller = (kind: CallerClassification["kind"], stir: CallerClassification["stir"] = "passed"): CallerClassification => ({ kind, stir });

  it.each<[string, CallerClassification, CallerScreeningSettings, CallerScreenReason | undefined]>([
    ["withheld, whatever the owner allows", caller("withheld", "absent"), owner(true, true), "withheld_caller_id"],
    ["withheld with a failed check", caller("withheld", "failed"), owner(false, false), "withheld_caller_id"],
    ["international by default", caller("international"), owner(false, false), "international"],
    ["international when allowed", caller("international"), owner(true, false), undefined],
    ["international and spoofed, allowed abroad", caller("international", "failed"), owner(true, false), "likely_spoofed"],
    ["US spoofed by default", caller("nanp", "failed"), owner(false, false), "likely_spoofed"],
    ["US spoofed when the owner texts them", caller("nanp", "failed"), owner(false, true), undefined],
    ["US verified", caller("nanp", "passed"), owner(false, false), undefined],
    ["US not validated", caller("nanp", "not_validated"), owner(false, false), undefined],
    ["US without StirVerstat", caller("nanp", "absent"), owner(false, false), undefined],
  ])("given %s, when screened, then the reason is right", (_name, classified, settings, reason) => {
    expect(screenCaller(classified, settings)).toBe(reason);
  });

  it.each([
    ["+12125550123", "US"],
    ["+14165550123", "CA"],
    ["+18765551234", "JM"],
    ["+17875551234", "PR"],
    ["+15551230001", NO_REGION],
    ["+447700900123", null],
    ["Anonymous", null],
  ])("given %s, when its +1 region is asked twice, then %p both times", (number, region) => {
    expect(nanpRegionOf(number)).toBe(region);
    expect(nanpRegionOf(number)).toBe(region);
  });

  it("given more numbers than the kept answers, when asked again, then the answers stay right", () => {
    const numbers = Array.from({ length: 2_500 }, (_, index) => `+1${index % 2 === 0 ? "212" : "876"}555${String(index).padStart(4, "0")}`);
    for (const number of numbers) nanpRegionOf(number);
    expect(numbers.map((number) => nanpRegionOf(number))).toEqual(numbers.map((_number, index) => (index % 2 === 0 ? "US" : "JM")));
  });

  it("given a raw webhook, when classified, then kind and verdict together", () => {
    expect(classifyCaller("+447700900123", "TN-Validation-Failed-A")).toEqual({ kind: "international", stir: "failed" });
    expect(classifyCaller("Anonymous")).toEqual({ kind: "withheld", stir: "absent" });
  });

  it("given a real number, when labelled for the owner, then it displays as a number", () => {
    expect(callerLabel("+12125550123")).toBe("(212) 555-0123");
    expect(callerLabel("+447700900123")).toBe("+447700900123");
  });
});

describe("forwarding test destinations (toll fraud, issue 16)", () => {
  it.each(["+12125550123", "+14165551234", "+16502530000"])("allows the US/Canadian geographic or mobile number %s", (e164) => {
    expect(isForwardingTestDestination(e164)).toBe(true);
  });

  it.each(["+19005551234", "+18005551234", "+449090123456", "+447911123456", "+15551230001", "not a number"])("refuses %s", (e164) => {
    expect(isForwardingTestDestination(e164)).toBe(false);
  });
});
