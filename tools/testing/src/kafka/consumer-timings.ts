import type { KafkaConsumerTimings } from "@rebound/platform";

/** Timings that keep joins, rebalances and stops fast against a local test cluster. */
export const TEST_CONSUMER_TIMINGS: KafkaConsumerTimings = {
  sessionTimeout: 6_000,
  rebalanceTimeout: 3_000,
  heartbeatInterval: 500,
  maxWaitTimeInMs: 100,
};
