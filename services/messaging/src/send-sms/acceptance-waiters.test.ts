import { AcceptanceWaiters } from "./acceptance-waiters";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("AcceptanceWaiters", () => {
  it("waits for the provider calls in flight, then for the recording of the sid they got", async () => {
    const waiters = new AcceptanceWaiters();
    const call = deferred();
    const recorded = deferred();
    waiters.providerCallStarted(call.promise);
    let done = false;
    const waiting = waiters.whenRecorded("SM1", 5_000).then(() => (done = true));
    call.resolve();
    waiters.acceptanceRecording("SM1", recorded.promise);
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    recorded.resolve();
    await waiting;
    expect(done).toBe(true);
  });

  it("returns at once for a sid with nothing in flight, and after maxWaitMs at the latest", async () => {
    const waiters = new AcceptanceWaiters();
    let started = Date.now();
    await waiters.whenRecorded("SM-unknown", 5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    waiters.acceptanceRecording("SM2", new Promise(() => undefined));
    started = Date.now();
    await waiters.whenRecorded("SM2", 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });
});
