import { BACKGROUND_MIN_FETCH_WAIT_MS, fetchWaitOf, type KafkaConsumerTimings } from "./kafka-subscription";

const timings = (maxWaitTimeInMs: number, backgroundMinWaitTimeInMs?: number): KafkaConsumerTimings => ({
  sessionTimeout: 10_000,
  rebalanceTimeout: 10_000,
  heartbeatInterval: 1_000,
  maxWaitTimeInMs,
  backgroundMinWaitTimeInMs,
});

describe("a subscription's fetch wait", () => {
  it("given a consumer a caller waits on, when its wait is chosen, then it is the configured one however short", () => {
    expect(fetchWaitOf(timings(25, 1_000), true)).toBe(25);
  });

  it("given a consumer off the call path and a short configured wait, when its wait is chosen, then it is the background minimum (default or set)", () => {
    expect(fetchWaitOf(timings(25), false)).toBe(BACKGROUND_MIN_FETCH_WAIT_MS);
    expect(fetchWaitOf(timings(25, 1_000), undefined)).toBe(1_000);
  });

  it("given a broker's long wait, when a background consumer's wait is chosen, then the configured one stands (the minimum never shortens it)", () => {
    expect(fetchWaitOf(timings(5_000, 1_000), false)).toBe(5_000);
  });
});
