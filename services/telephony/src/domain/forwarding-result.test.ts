import { forwardingTestResult } from "./forwarding-result";

const context = { testedNumber: "+15559870001", dedicatedNumber: "+13055550123", ringSeconds: 35, windowSeconds: 45 };

describe("forwardingTestResult", () => {
  it("given success, when describing, then success with both numbers in display form", () => {
    const result = forwardingTestResult({ status: "success" }, context);

    expect(result).toEqual({
      success: true,
      message: "Call forwarding is working",
      interpretation:
        "Your setup is working correctly! Our test call to (555) 987-0001 was forwarded to your Rebound number (305) 555-0123, so missed calls will now be texted back.",
    });
  });

  it.each([
    ["answered", "**004*+13055550123#"],
    ["busy", "**67*+13055550123#"],
    ["no-answer", "rang for 35 seconds"],
    ["no-answer", "US landline: *923055550123)"],
    ["unreachable", "country code"],
    ["timeout", "within 45 seconds"],
  ] as const)("given failure %s, when describing, then the interpretation says what to check (%s)", (cause, hint) => {
    const result = forwardingTestResult({ status: "failed", cause }, context);

    expect(result.success).toBe(false);
    expect(result.message).toBe("Call forwarding test failed");
    expect(result.interpretation).toContain(hint);
  });

  it("given the call could not be placed, when describing, then the carrier code is named", () => {
    const result = forwardingTestResult({ status: "failed", cause: "call-not-placed", providerCode: "13224" }, context);

    expect(result.interpretation).toContain("(carrier code 13224)");
  });
});
