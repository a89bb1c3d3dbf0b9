import { ApiError } from "@/shared/api/client";
import { forwardingTestSchema } from "../api/run-forwarding-test";
import { initialTestStatus, testErrorToast, testResultToast } from "./forwarding-test";
import { dialString, universalForwardingCode } from "./dial-string";

describe("forwarding test (docs/product.md sections 4, 5 and 8)", () => {
  it("starts from the stored status when present, else Not Tested", () => {
    expect(initialTestStatus("success")).toBe("success");
    expect(initialTestStatus("failed")).toBe("failed");
    expect(initialTestStatus(null)).toBe("not-tested");
    expect(initialTestStatus("pending")).toBe("not-tested");
  });

  it("requires a test phone number", () => {
    const result = forwardingTestSchema.safeParse({ testPhoneNumber: "  " });
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe("Test phone number is required");
  });

  it("titles the toast with the answer's message, described by its interpretation or the spec's defaults", () => {
    expect(testResultToast({ success: true, message: "Call forwarding works", interpretation: "" })).toEqual({
      title: "Call forwarding works",
      description: "Your setup is working correctly!",
    });
    expect(testResultToast({ success: false, message: "Not forwarded", interpretation: "" })).toMatchObject({
      description: "Please check your call forwarding setup.",
      variant: "destructive",
    });
    expect(testResultToast({ success: false, message: "Not forwarded", interpretation: "Your phone rang out" }).description).toBe("Your phone rang out");
  });

  it("reads a failed request as 'Test Failed' with the server message or the default", () => {
    expect(testErrorToast(new ApiError(409, "Conflict", '{"message":"Please get your dedicated phone number first."}'))).toMatchObject({
      title: "Test Failed",
      description: "Please get your dedicated phone number first.",
    });
    expect(testErrorToast(new TypeError("Failed to fetch")).description).toBe("Test failed. Please try again.");
  });

  it("dials the universal code with the number's digits", () => {
    expect(dialString("+12125550123")).toBe("12125550123");
    expect(universalForwardingCode("+12125550123")).toBe("**004*12125550123#");
  });
});
