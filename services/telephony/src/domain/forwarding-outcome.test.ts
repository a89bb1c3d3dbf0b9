import { causeOfTestCallStatus, decideForwardingTest } from "./forwarding-outcome";

const start = new Date("2026-01-05T15:00:00Z");
const at = (ms: number) => new Date(start.getTime() + ms);
const deadline = at(45_000);
const pending = { status: "pending", testCallStatus: null, testCallEndedAt: null };

describe("decideForwardingTest", () => {
  it("given the test left pending, when deciding, then done", () => {
    expect(decideForwardingTest({ ...pending, status: "success" }, at(1_000), deadline, 2_000)).toBe("done");
  });

  it("given nothing happened yet, when before the deadline, then wait; at the deadline, then failed: timeout", () => {
    expect(decideForwardingTest(pending, at(44_999), deadline, 2_000)).toBe("wait");
    expect(decideForwardingTest(pending, at(45_000), deadline, 2_000)).toEqual({ status: "failed", cause: "timeout" });
  });

  it("given the test call ended, when still within the grace period, then wait; after it, then failed by the call status", () => {
    const ended = { status: "pending", testCallStatus: "no-answer", testCallEndedAt: at(10_000) };

    expect(decideForwardingTest(ended, at(11_999), deadline, 2_000)).toBe("wait");
    expect(decideForwardingTest(ended, at(12_000), deadline, 2_000)).toEqual({ status: "failed", cause: "no-answer" });
  });

  it.each([
    ["completed", "answered"],
    ["busy", "busy"],
    ["no-answer", "no-answer"],
    ["failed", "unreachable"],
    ["canceled", "unreachable"],
  ])("given Twilio's %s, when interpreting, then %s", (status, cause) => {
    expect(causeOfTestCallStatus(status)).toBe(cause);
  });
});
