import { KafkaJSError, type EachBatchPayload, type EachMessagePayload, type Kafka } from "kafkajs";
import type { SubscribeOptions, Subscription } from "../event-bus";
import type { BusLogger } from "./kafka-logger";
import { toDeliveredRecord } from "./kafka-records";
import { retry } from "../../retry/retry";
import { KafkaOffsetCommitter } from "./kafka-offset-committer";
import { busFetches } from "../../http/metrics";

/** kafkajs consumer-group timings. Tests shorten them (TEST_CONSUMER_TIMINGS in @rebound/testing/kafka); see DEFAULT_CONSUMER_TIMINGS for production. */
export interface KafkaConsumerTimings {
  sessionTimeout: number;
  rebalanceTimeout: number;
  heartbeatInterval: number;
  /** Longest a fetch waits on the broker for new records (does not delay records that are there). */
  maxWaitTimeInMs: number;
  /**
   * The shortest wait of a consumer off the call path (SubscribeOptions.latencySensitive unset);
   * BACKGROUND_MIN_FETCH_WAIT_MS when not given. It matters only where maxWaitTimeInMs is shorter.
   */
  backgroundMinWaitTimeInMs?: number;
}

/**
 * Production timings. A replica that dies without leaving its group holds its partitions until
 * its session expires, and a rebalance waits up to rebalanceTimeout for members to rejoin, so
 * both are seconds (kafkajs's 30 s / 60 s left a restarted consumer idle for half a minute);
 * the heartbeat is a tenth of the session. KAFKA_SESSION_TIMEOUT_MS / KAFKA_HEARTBEAT_INTERVAL_MS
 * override them in distributed mode.
 */
export const DEFAULT_CONSUMER_TIMINGS: KafkaConsumerTimings = {
  sessionTimeout: 10_000,
  rebalanceTimeout: 10_000,
  heartbeatInterval: 1_000,
  maxWaitTimeInMs: 5_000,
};

/**
 * The shortest fetch wait of a consumer off the call path (SubscribeOptions.latencySensitive unset),
 * unless the timings say otherwise (KAFKA_BACKGROUND_FETCH_MIN_WAIT_MS).
 * A Kafka broker answers a fetch as soon as a record arrives, so the wait costs no latency there and
 * production's 5 s applies to every consumer. librdkafka's mock cluster holds every empty fetch for
 * the full wait, so start:distributed sets 25 ms to keep the call path's hop short; at 25 ms each
 * consumer group fetched 40 times a second whether or not anything happened, about 0.5-1 ms of CPU
 * each (docs/decisions.md, issue 27). Only the groups a caller waits on keep the short wait.
 */
export const BACKGROUND_MIN_FETCH_WAIT_MS = 250;

/** A subscription's fetch wait: the configured one on the call path, at least the background minimum elsewhere. */
export function fetchWaitOf(timings: KafkaConsumerTimings, latencySensitive: boolean | undefined): number {
  if (latencySensitive) return timings.maxWaitTimeInMs;
  return Math.max(timings.maxWaitTimeInMs, timings.backgroundMinWaitTimeInMs ?? BACKGROUND_MIN_FETCH_WAIT_MS);
}

/** Backoff between attempts when a handler throws; the record is retried in place, never skipped. */
export interface HandlerRetryPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_HANDLER_RETRY: HandlerRetryPolicy = { initialDelayMs: 100, maxDelayMs: 5_000 };

export interface KafkaSubscriptionSettings {
  timings: KafkaConsumerTimings;
  handlerRetry: HandlerRetryPolicy;
  concurrency: number;
  logger?: BusLogger;
}

/** Thrown out of eachMessage at shutdown: kafkajs leaves the offset unresolved and does not log KafkaJSErrors. */
class HandlerAbandonedError extends KafkaJSError {
  constructor() {
    super("handler abandoned because the subscription is stopping", { retriable: true });
  }
}

/** Pauses before starting a consumer again that kafkajs gave up on: 1 s, doubling, at most 30 s. */
const RESTART_BASE_DELAY_MS = 1_000;
const RESTART_MAX_DELAY_MS = 30_000;

export async function startKafkaSubscription(kafka: Kafka, options: SubscribeOptions, settings: KafkaSubscriptionSettings): Promise<Subscription> {
  const { groupId } = options;
  const { timings, handlerRetry, logger } = settings;
  const { sessionTimeout, rebalanceTimeout, heartbeatInterval } = timings;
  const maxWaitTimeInMs = fetchWaitOf(timings, options.latencySensitive);
  const consumer = kafka.consumer({ groupId, sessionTimeout, rebalanceTimeout, heartbeatInterval, maxWaitTimeInMs });
  consumer.on(consumer.events.FETCH, () => busFetches.inc({ group: groupId }));
  const offsets = new KafkaOffsetCommitter(groupId, logger);
  let stopping = false;
  const wakeSleepers = new Set<() => void>();

  /** Waits between handler attempts, heartbeating so a long retry does not cost the group membership. */
  const backoff = async (delayMs: number, heartbeat: () => Promise<void>): Promise<void> => {
    const until = Date.now() + delayMs;
    while (!stopping && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakeSleepers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(until - Date.now(), timings.heartbeatInterval));
        wakeSleepers.add(done);
      });
      if (stopping) return;
      // Throws while the group rebalances: the record stays unresolved and is fetched again after the rejoin.
      await heartbeat();
    }
  };

  /** Handles one record, retrying in place until it succeeds or the subscription stops. */
  const handle = async ({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> => {
    const record = toDeliveredRecord(topic, partition, message);
    await retry(
      async () => {
        if (stopping) throw new HandlerAbandonedError();
        try {
          await options.handler(record);
        } catch (error) {
          if (stopping) throw new HandlerAbandonedError();
          throw error;
        }
      },
      {
        maxAttempts: Infinity,
        baseDelayMs: handlerRetry.initialDelayMs,
        maxDelayMs: handlerRetry.maxDelayMs,
        shouldRetry: (error) => !(error instanceof HandlerAbandonedError),
        onRetry: (error, attempt, retryInMs) =>
          logger?.warn({ err: error, groupId, topic, partition, offset: record.offset, attempt, retryInMs }, "bus handler failed; retrying the record"),
        wait: (delayMs) => backoff(delayMs, heartbeat),
      },
    );
  };

  /** An ordered subscription: a partition's records one after the other, as kafkajs's eachMessage runs them. */
  const inOrder = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> => {
    const { topic, partition } = batch;
    for (const message of batch.messages) {
      if (!isRunning() || isStale()) break;
      await handle({ topic, partition, message, heartbeat, pause: () => () => undefined });
      resolveOffset(message.offset);
      offsets.handled(topic, partition, message.offset);
      await heartbeat();
    }
  };

  /**
   * An unordered subscription (idempotent, order-independent handlers) gets a fetched batch's records
   * at once, up to `concurrency`, as the embedded bus hands them over: a batching handler (analytics'
   * projections) then writes them together instead of one transaction per record. Offsets are resolved
   * in order, up to the first record not yet handled.
   */
  const atOnce = async ({ batch, resolveOffset, heartbeat }: EachBatchPayload): Promise<void> => {
    const { topic, partition, messages } = batch;
    const handled: boolean[] = messages.map(() => false);
    let next = 0;
    let resolvedUpTo = 0;
    const work = async (): Promise<void> => {
      while (next < messages.length) {
        const index = next++;
        await handle({ topic, partition, message: messages[index] as EachMessagePayload["message"], heartbeat, pause: () => () => undefined });
        handled[index] = true;
        while (resolvedUpTo < messages.length && handled[resolvedUpTo]) {
          const { offset } = messages[resolvedUpTo++] as { offset: string };
          resolveOffset(offset);
          offsets.handled(topic, partition, offset);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, messages.length)) }, work));
  };

  const eachBatch = async (payload: EachBatchPayload): Promise<void> => {
    offsets.batchStarted(payload);
    try {
      await (options.unordered ? atOnce : inOrder)(payload);
    } finally {
      // A batch in flight at a stop commits what it handled before kafkajs leaves the group.
      if (stopping) await offsets.flush();
    }
  };

  const run = async (): Promise<void> => {
    await consumer.connect();
    // New groups start at the beginning: consumers are idempotent, and losing events is worse than replaying.
    await consumer.subscribe({ topics: options.topics, fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: settings.concurrency,
      // kafkajs's autoCommit sends an OffsetCommit after every batch: offsets are committed on a schedule instead.
      autoCommit: false,
      eachBatch,
      eachBatchAutoResolve: false,
    });
  };
  let restartTimer: NodeJS.Timeout | undefined;
  const restartLater = (attempt: number): void => {
    const delayMs = Math.min(RESTART_BASE_DELAY_MS * 2 ** attempt, RESTART_MAX_DELAY_MS);
    restartTimer = setTimeout(() => {
      if (stopping) return;
      run().then(
        () => logger?.warn({ groupId, attempt }, "kafka consumer restarted after a crash kafkajs would not restart"),
        (error: unknown) => {
          logger?.error({ err: error, groupId, attempt }, "kafka consumer restart failed; trying again");
          void consumer.disconnect().catch(() => undefined);
          if (!stopping) restartLater(attempt + 1);
        },
      );
    }, delayMs);
  };

  // A rebalance starting: commit what was handled while the partitions are still this member's; once
  // joined again, offsets handled in partitions that are now another member's are not committed.
  consumer.on(consumer.events.REBALANCING, () => void offsets.flush());
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => offsets.assigned(payload.memberAssignment));

  consumer.on(consumer.events.CRASH, ({ payload }) => {
    logger?.error({ err: payload.error, groupId, restart: payload.restart }, "kafka consumer crashed");
    // kafkajs restarts after errors it deems retriable and gives up on the rest, leaving this replica
    // out of its group for good (seen: the librdkafka mock answering a SyncGroup during a rebalance
    // with INVALID_REQUEST). A consumer that gave up starts again, with a growing pause.
    if (!payload.restart && !stopping) restartLater(0);
  });

  try {
    await run();
  } catch (error) {
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        clearTimeout(restartTimer);
        for (const wake of [...wakeSleepers]) wake();
        // What was handled is committed now; a batch still in flight commits its own at its end, before
        // kafkajs's stop (which waits for it) leaves the group.
        await offsets.flush();
        await consumer.disconnect();
      })()),
  };
}
