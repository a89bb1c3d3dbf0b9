import { signInternalUser } from "@rebound/platform";
import { randomUUID } from "node:crypto";
import { BusinessHarness, type TestUser } from "./support/business-harness";
import { specSettingsPayload, type BusinessResponse, type ErrorBody } from "./support/api-types";

describe("tenant isolation", () => {
  let harness: BusinessHarness;
  let alice: TestUser & { businessId: string };
  let bob: TestUser & { businessId: string };

  beforeAll(async () => {
    harness = await BusinessHarness.start();
    alice = await harness.registerUser();
    bob = await harness.registerUser();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it("given two owners, when each reads GET /api/business, then each gets only their own business", async () => {
    const a = await harness.request<BusinessResponse>("GET", "/api/business", alice);
    const b = await harness.request<BusinessResponse>("GET", "/api/business", bob);

    expect([a.body.id, a.body.userId]).toEqual([alice.businessId, alice.id]);
    expect([b.body.id, b.body.userId]).toEqual([bob.businessId, bob.id]);
  });

  it("given Bob's ids in Alice's update bodies, then only Alice's business changes", async () => {
    const hijack = { id: bob.businessId, businessId: bob.businessId, userId: bob.id };
    await harness.request("POST", "/api/business", alice, specSettingsPayload({ ...hijack, customMessage: "Alice's message" }));
    await harness.request("PATCH", "/api/business/profile", alice, { ...hijack, businessName: "Alice Co", businessPhone: "2125550123" });

    const a = await harness.request<BusinessResponse>("GET", "/api/business", alice);
    const b = await harness.request<BusinessResponse>("GET", "/api/business", bob);

    expect(a.body).toMatchObject({ id: alice.businessId, smsMessage: "Alice's message", businessName: "Alice Co" });
    expect(b.body).toMatchObject({ smsMessage: "Thanks for calling! We missed your call but will get back to you soon.", businessName: "" });
    expect(await harness.logged("BusinessSettingsUpdated", bob.businessId)).toEqual([]);
    expect(await harness.logged("BusinessProfileUpdated", bob.businessId)).toEqual([]);
  });

  it.each([
    ["GET", "/api/business", undefined],
    ["POST", "/api/business", specSettingsPayload()],
    ["PATCH", "/api/business/profile", { businessName: "Nobody", businessPhone: "2125550123" }],
  ])(
    "given a signed-in user whose sign-up has not reached business yet, when %s %s, then their own new business answers (never another's)",
    async (method, path, body) => {
      const newcomer = { id: randomUUID(), email: "newcomer@example.com" };

      const res = await harness.request<BusinessResponse>(method, path, newcomer, body);

      expect(res.status).toBe(200);
      expect(res.body.userId).toBe(newcomer.id);
      expect([alice.businessId, bob.businessId]).not.toContain(res.body.id);
    },
  );

  it.each([
    ["GET", `/api/business/BUSINESS`],
    ["POST", `/api/business/BUSINESS`],
    ["PATCH", `/api/business/BUSINESS/profile`],
  ])("given Bob's business id in the path, when Alice calls %s %s, then 404 (not 403)", async (method, path) => {
    const res = await harness.request<ErrorBody>(method, path.replace("BUSINESS", bob.businessId), alice, method === "GET" ? undefined : {});

    expect(res.status).toBe(404);
  });

  it.each([
    ["no user header", undefined],
    ["a header signed with another secret", signInternalUser({ id: "x", email: "x@example.com" }, "another-secret-of-enough-length")],
    ["a tampered header", "eyJpZCI6ImJvYiJ9.forged"],
  ])("given %s, then every route answers 401", async (_case, header) => {
    const headers: Record<string, string> = header ? { "x-rebound-user": header } : {};
    const routes = [
      ["GET", "/api/business"],
      ["POST", "/api/business"],
      ["PATCH", "/api/business/profile"],
      ["GET", "/api/business/templates"],
    ] as const;

    for (const [method, path] of routes) {
      const res = await fetch(`${harness.running.url}${path}`, { method, headers });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it("given a header claiming Bob signed with another secret, then Bob's business is not reachable", async () => {
    const forged = signInternalUser(bob, "another-secret-of-enough-length");

    const res = await fetch(`${harness.running.url}/api/business`, { headers: { "x-rebound-user": forged } });

    expect(res.status).toBe(401);
  });
});
