import { stubFetch } from "@/test/render";
import { forwardingStatusSchema, getForwardingStatus, updateSelfTest } from "./forwarding-status";

describe("forwarding status API", () => {
  it("reads the status, leniently: missing fields are null, a missing self-test is off, an unknown status is unknown", () => {
    expect(forwardingStatusSchema.parse({ status: "verified", lastForwardedCallAt: "2026-11-24T19:10:00Z" })).toEqual({
      status: "verified",
      lastForwardedCallAt: "2026-11-24T19:10:00Z",
      lastTestAt: null,
      lastTestResult: null,
      expectedCallsPerDay: null,
      checkNeededSince: null,
      selfTest: { enabled: false, weekday: "tuesday", time: "10:00" },
    });
    expect(forwardingStatusSchema.parse({ status: "something_new", selfTest: { enabled: true, weekday: "friday", time: "09:30" } })).toMatchObject({
      status: "unknown",
      selfTest: { enabled: true, weekday: "friday", time: "09:30" },
    });
  });

  it("given telephony does not serve it yet (404), then null; another failure throws", async () => {
    stubFetch({});
    await expect(getForwardingStatus()).resolves.toBeNull();
    stubFetch({ "GET /api/forwarding/status": () => ({ status: 500, body: { message: "boom" } }) });
    await expect(getForwardingStatus()).rejects.toThrow("500");
  });

  it("saves the self-test with PUT and reads back the status", async () => {
    const calls = stubFetch({
      "PUT /api/forwarding/self-test": (body) => ({ status: 200, body: { status: "unknown", selfTest: body } }),
    });
    const saved = await updateSelfTest({ enabled: true, weekday: "monday", time: "11:00" });
    expect(calls).toEqual([{ method: "PUT", path: "/api/forwarding/self-test", body: { enabled: true, weekday: "monday", time: "11:00" } }]);
    expect(saved.selfTest).toEqual({ enabled: true, weekday: "monday", time: "11:00" });
  });
});
