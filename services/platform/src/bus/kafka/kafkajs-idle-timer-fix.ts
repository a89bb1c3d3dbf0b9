/**
 * kafkajs 2.2.4's request queue re-arms a timer after every check, with nothing pending and no
 * throttling too: `setTimeout(check, throttledUntil - Date.now())` with `throttledUntil` at -1 is a
 * 1 ms timer, so every broker connection wakes its process about a thousand times a second for as
 * long as it is open (tulios/kafkajs#1556 and #1704; the fix, #1667, was never released). Measured
 * in distributed mode: 1-1.6 % of each service's wall time in those timers, idle services included
 * (docs/decisions.md, issue 27).
 *
 * Here the check is scheduled only when requests wait: a request that cannot be sent at once is put
 * in `pending` and schedules its own check (`push`), and every response or timeout checks again.
 * Waiting requests keep kafkajs's behaviour: checked when the throttle ends, else in 10 ms.
 */
import { kafkajsRequestQueue, kafkajsVersion, PATCHED_KAFKAJS_VERSION } from "./kafkajs-request-queue";

interface RequestQueueInstance {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}
type RequestQueueClass = { prototype: RequestQueueInstance };
const RequestQueue = kafkajsRequestQueue as RequestQueueClass;

const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10; // kafkajs's own
let applied = false;

function scheduleCheckPendingRequests(this: RequestQueueInstance): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

/** Replaces kafkajs 2.2.4's scheduleCheckPendingRequests once per process; true when it did (or had). */
export function fixKafkajsIdleTimerLoop(): boolean {
  if (applied) return true;
  if (kafkajsVersion !== PATCHED_KAFKAJS_VERSION) return false;
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  applied = true;
  return true;
}
