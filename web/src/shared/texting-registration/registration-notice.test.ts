import { TEXTING_REGISTRATION_STATUSES } from "@rebound/contracts/domain";
import { REGISTRATION_NOTICE_TEXT, registrationNotice } from "./registration-notice";

describe("texting registration notice (the dashboard banner's rules)", () => {
  it("given a US number not yet approved, then each status has its notice", () => {
    const notices = Object.fromEntries(TEXTING_REGISTRATION_STATUSES.map((status) => [status, registrationNotice({ status, required: true }, true)]));
    expect(notices).toEqual({
      not_started: "register",
      submitted: "in-review",
      brand_approved: "in-review",
      needs_verification: "needs-verification",
      approved: null,
      failed: "failed",
    });
    expect(REGISTRATION_NOTICE_TEXT.register.title).toBe("Register your number for US texting: carriers block texts from unregistered numbers");
    expect(REGISTRATION_NOTICE_TEXT["needs-verification"].title).toBe("Reply YES to the text from +1 (915) 278-2000 on your mobile");
  });

  it("given no number, a Canadian number, or the registration unknown, then no notice", () => {
    expect(registrationNotice({ status: "not_started", required: true }, false)).toBeNull();
    expect(registrationNotice({ status: "not_started", required: false }, true)).toBeNull();
    expect(registrationNotice(undefined, true)).toBeNull();
    expect(registrationNotice(null, true)).toBeNull();
  });
});
