import { randomUUID } from "node:crypto";
import { BusinessHarness, eventually } from "./support/business-harness";
import { specSettingsPayload, type BusinessResponse, type ErrorBody } from "./support/api-types";

// Issue 16, defects 1 and 3: a signed-in user always gets their business, and text with
// control characters is a 400 with a message, never a 500 from PostgreSQL.
describe("read after sign-up", () => {
  let harness: BusinessHarness;

  beforeAll(async () => {
    harness = await BusinessHarness.start();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given 50 users reading their business at once before UserRegistered arrives, then each gets one business with the defaults, created once", async () => {
    const users = Array.from({ length: 50 }, () => ({ id: randomUUID(), email: `early-${randomUUID().slice(0, 8)}@example.com` }));

    const reads = await Promise.all(
      users.flatMap((user) => [
        harness.request<BusinessResponse>("GET", "/api/business", user),
        harness.request<BusinessResponse>("GET", "/api/business", user),
      ]),
    );

    expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
    for (const [index, user] of users.entries()) {
      const [first, second] = [reads[index * 2]!, reads[index * 2 + 1]!];
      expect(first.body.userId).toBe(user.id);
      expect(second.body.id).toBe(first.body.id);
      expect(first.body).toMatchObject({ smsMessage: "Thanks for calling! We missed your call but will get back to you soon." });
      expect(await harness.logged("BusinessCreated", first.body.id)).toHaveLength(1);
    }
  }, 120_000);

  it("given the business was created by the first read, when UserRegistered arrives, then the owner's name is filled in and no second business appears", async () => {
    const user = { id: randomUUID(), email: `named-${randomUUID().slice(0, 8)}@example.com` };
    const first = await harness.request<BusinessResponse & { ownerName: string }>("GET", "/api/business", user);
    expect(first.body.ownerName).toBe("");

    await harness.publish("UserRegistered", user.id, { userId: user.id, email: user.email, firstName: "Dana", lastName: "Owner" });

    const named = await eventually(async () => {
      const read = await harness.request<BusinessResponse & { ownerName: string }>("GET", "/api/business", user);
      if (read.body.ownerName === "") throw new Error("name not filled in yet");
      return read.body;
    });
    expect(named).toMatchObject({ id: first.body.id, ownerName: "Dana Owner" });
    expect(await harness.logged("BusinessCreated", first.body.id)).toHaveLength(1);
  });

  it("given a first write right after sign-up, then it is saved", async () => {
    const user = { id: randomUUID(), email: `writer-${randomUUID().slice(0, 8)}@example.com` };
    const res = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage: "First!" }));
    expect(res.status).toBe(200);
    expect(res.body.smsMessage).toBe("First!");
  });

  it.each([
    ["POST", "/api/business", "customMessage"],
    ["POST", "/api/business", "afterHoursMessage"],
    ["POST", "/api/business", "smsAutoReplyMessage"],
    ["PATCH", "/api/business/profile", "businessName"],
  ])("given a NUL in %s %s %s, then 400 naming the field and nothing saved", async (method, path, field) => {
    const user = await harness.registerUser();
    const body = method === "POST" ? specSettingsPayload({ [field]: "Hello\u0000there" }) : { businessName: "Joe\u0000s", businessPhone: "2125550123" };

    const res = await harness.request<ErrorBody>(method, path, user, body);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: `${field} must not contain control characters or invalid Unicode`, code: "VALIDATION_FAILED" });
    expect(await harness.logged("BusinessSettingsUpdated", user.businessId)).toEqual([]);
    expect(await harness.logged("BusinessProfileUpdated", user.businessId)).toEqual([]);
  });

  it("given an escape sequence or a lone surrogate in a message, then 400; a multi-line message with emoji is accepted", async () => {
    const user = await harness.registerUser();
    for (const bad of ["\u001b[2J", "half \ud83d"]) {
      const res = await harness.request<ErrorBody>("POST", "/api/business", user, specSettingsPayload({ customMessage: bad }));
      expect(res.status).toBe(400);
    }
    const ok = await harness.request<BusinessResponse>("POST", "/api/business", user, specSettingsPayload({ customMessage: "Sorry!\nCall back 😀" }));
    expect(ok.status).toBe(200);
    expect(ok.body.smsMessage).toBe("Sorry!\nCall back 😀");
  });

  it("given JSON nested 10,000 levels deep, then 400", async () => {
    const user = await harness.registerUser();
    const res = await fetch(`${harness.running.url}/api/business`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-rebound-user": harness.signedHeader(user) },
      body: '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Request body is nested too deeply", code: "BAD_REQUEST" });
  });
});
