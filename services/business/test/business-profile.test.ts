import { timestampDate } from "@rebound/contracts";
import { BusinessHarness, type TestUser } from "./support/business-harness";
import type { BusinessResponse, ErrorBody } from "./support/api-types";

const PHONE_HINT = "such as (212) 555-0123 or +44 20 7946 0958";

describe("PATCH /api/business/profile", () => {
  let harness: BusinessHarness;
  let user: TestUser & { businessId: string };

  beforeAll(async () => {
    harness = await BusinessHarness.start();
    user = await harness.registerUser();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given a profile as typed, when saved, then it is trimmed, phones are E.164 and the e-mail lower-case", async () => {
    const { status, body } = await harness.request<BusinessResponse>("PATCH", "/api/business/profile", user, {
      businessName: "  Sunrise Plumbing  ",
      businessPhone: "(212) 555-0123",
      website: " sunriseplumbing.com ",
      email: "Hello@SunrisePlumbing.com",
      emergencyNumber: "613.555.0143",
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      businessName: "Sunrise Plumbing",
      businessPhone: "+12125550123",
      website: "sunriseplumbing.com",
      email: "hello@sunriseplumbing.com",
      emergencyNumber: "+16135550143",
    });
  });

  it("given a saved profile, then one BusinessProfileUpdated carries it with the owner's e-mail", async () => {
    const owner = await harness.registerUser();

    await harness.request("PATCH", "/api/business/profile", owner, { businessName: "Acme", businessPhone: "+44 20 7946 0958" });

    const logged = await harness.logged("BusinessProfileUpdated", owner.businessId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      businessId: owner.businessId,
      userId: owner.id,
      profile: { businessName: "Acme", businessPhone: "+442079460958", website: "", email: "", emergencyNumber: "", ownerEmail: owner.email },
    });
    expect(timestampDate(logged[0]!.updatedAt!)).toEqual(harness.clock.now());
  });

  it("given a business name, when rendered into the message stats, then [Business Name] uses it", async () => {
    const owner = await harness.registerUser();
    await harness.request("POST", "/api/business", owner, { customMessage: "Thanks for calling [Business Name]!", timeZone: "America/New_York" });

    const { body } = await harness.request<BusinessResponse>("PATCH", "/api/business/profile", owner, { businessName: "Acme", businessPhone: "2125550123" });

    expect(body.messageStats.smsMessage.characters).toBe("Thanks for calling Acme!".length);
  });

  it("given optional fields omitted, then they keep their value; given them empty or null, then they are cleared", async () => {
    const owner = await harness.registerUser();
    const full = { businessName: "Acme", businessPhone: "2125550123", website: "acme.com", email: "a@acme.com", emergencyNumber: "2125550199" };
    await harness.request("PATCH", "/api/business/profile", owner, full);

    const kept = await harness.request<BusinessResponse>("PATCH", "/api/business/profile", owner, { businessName: "Acme 2", businessPhone: "2125550123" });
    const cleared = await harness.request<BusinessResponse>("PATCH", "/api/business/profile", owner, {
      businessName: "Acme 2",
      businessPhone: "2125550123",
      website: "",
      email: null,
      emergencyNumber: "",
    });

    expect(kept.body).toMatchObject({ businessName: "Acme 2", website: "acme.com", email: "a@acme.com", emergencyNumber: "+12125550199" });
    expect(cleared.body).toMatchObject({ website: "", email: "", emergencyNumber: "" });
  });

  it.each([
    ["no business name", { businessName: undefined }, "businessName", "Business name is required"],
    ["a blank business name", { businessName: "   " }, "businessName", "Business name is required"],
    ["a business name over 100 characters", { businessName: "a".repeat(101) }, "businessName", "Business name must be at most 100 characters"],
    ["no business phone", { businessPhone: undefined }, "businessPhone", "Business phone is required"],
    ["an empty business phone", { businessPhone: "" }, "businessPhone", "Business phone is required"],
    ["a business phone too short", { businessPhone: "555-0123" }, "businessPhone", `Business phone must be a valid phone number, ${PHONE_HINT}`],
    ["a business phone with letters", { businessPhone: "call me" }, "businessPhone", `Business phone must be a valid phone number, ${PHONE_HINT}`],
    ["an unassigned area code", { businessPhone: "(555) 123-0001" }, "businessPhone", `Business phone must be a valid phone number, ${PHONE_HINT}`],
    ["an invalid emergency number", { emergencyNumber: "911-HELP" }, "emergencyNumber", `Emergency number must be a valid phone number, ${PHONE_HINT}`],
    ["an invalid e-mail", { email: "not-an-email" }, "email", "Invalid email address"],
    ["a website with spaces", { website: "my site" }, "website", "Website must be a web address, such as example.com"],
    ["a website without a domain", { website: "localhost" }, "website", "Website must be a web address, such as example.com"],
  ])("given %s, then it is rejected with a clear message on the field", async (_case, overrides, field, message) => {
    const payload = { businessName: "Acme", businessPhone: "2125550123", ...overrides };

    const { status, body } = await harness.request<ErrorBody>("PATCH", "/api/business/profile", user, payload);

    expect(status).toBe(400);
    expect(body).toEqual({ message, code: "VALIDATION_FAILED", errors: [{ field, message }] });
  });

  it("given an empty body, then both required fields are reported", async () => {
    const { status, body } = await harness.request<ErrorBody>("PATCH", "/api/business/profile", user, {});

    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { field: "businessName", message: "Business name is required" },
      { field: "businessPhone", message: "Business phone is required" },
    ]);
  });
});
