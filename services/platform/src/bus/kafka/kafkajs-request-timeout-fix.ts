/**
 * kafkajs 2.2.4 checks its requests' timeouts with a 100 ms `setInterval` per broker connection
 * (`RequestQueue.scheduleRequestTimeoutCheck`), from the connection's first byte to its close,
 * whether or not a request is out. Every consumer group, producer and admin holds connections, so
 * distributed mode woke its processes about 330 times a second for nothing: idle, each service woke
 * 30-90 times a second on those intervals and nothing else, and one wake-up of an idle node process
 * costs 0.1-0.2 ms of CPU on the bench's machines (docs/decisions.md, issue 27).
 *
 * Here one timer per connection is armed for the earliest deadline of the requests in flight (armed
 * when a request is sent, re-armed when it fires): the same timeouts, to the millisecond rather than
 * the next tick of the interval, and no wake-up while every answer comes back in time.
 */
import { kafkajsRequestQueue, kafkajsVersion, PATCHED_KAFKAJS_VERSION } from "./kafkajs-request-queue";

interface InflightRequest {
  sentAt: number | null;
  requestTimeout: number;
  correlationId: number;
  timeoutRequest(): void;
}

interface RequestQueueInstance {
  enforceRequestTimeout: boolean;
  inflight: Map<number, InflightRequest>;
  isConnected(): boolean;
  requestTimeoutIntervalId?: ReturnType<typeof setInterval>;
  scheduleRequestTimeoutCheck(): void;
  sendSocketRequest(request: InflightRequest): void;
  destroy(): void;
  /** Added here: whether this connection's requests are timed (between connect and destroy). */
  timeoutChecksOn?: boolean;
  timeoutTimer?: ReturnType<typeof setTimeout> | null;
  /** When the armed timer fires (ms since the epoch). */
  timeoutTimerAt?: number;
}
type RequestQueueClass = { prototype: RequestQueueInstance };
const RequestQueue = kafkajsRequestQueue as RequestQueueClass;

let applied = false;

/** When a request is late: kafkajs times a request out once `now - sentAt > requestTimeout`. */
const deadlineOf = (request: InflightRequest): number => (request.sentAt ?? Date.now()) + request.requestTimeout + 1;

/** Arms the timer for `at` unless one is armed for that time or earlier. */
function armAt(queue: RequestQueueInstance, at: number): void {
  if (queue.timeoutTimer && (queue.timeoutTimerAt ?? Infinity) <= at) return;
  if (queue.timeoutTimer) clearTimeout(queue.timeoutTimer);
  queue.timeoutTimerAt = at;
  queue.timeoutTimer = setTimeout(() => checkTimeouts(queue), Math.max(0, at - Date.now()));
  // The socket keeps the process alive while a request is out; the timer alone should not.
  queue.timeoutTimer.unref();
}

/** kafkajs's interval body, run when the earliest deadline comes; then armed for the next one. */
function checkTimeouts(queue: RequestQueueInstance): void {
  queue.timeoutTimer = null;
  if (!queue.timeoutChecksOn) return;
  if (!queue.isConnected()) {
    queue.destroy();
    return;
  }
  const now = Date.now();
  let next = Infinity;
  for (const request of [...queue.inflight.values()]) {
    if (request.sentAt !== null && now - request.sentAt > request.requestTimeout) request.timeoutRequest();
    else next = Math.min(next, deadlineOf(request));
  }
  if (next !== Infinity) armAt(queue, next);
}

const original = {
  sendSocketRequest: RequestQueue.prototype.sendSocketRequest,
  destroy: RequestQueue.prototype.destroy,
};

function scheduleRequestTimeoutCheck(this: RequestQueueInstance): void {
  if (!this.enforceRequestTimeout) return;
  this.destroy();
  this.timeoutChecksOn = true;
  for (const request of this.inflight.values()) armAt(this, deadlineOf(request));
}

function sendSocketRequest(this: RequestQueueInstance, request: InflightRequest): void {
  original.sendSocketRequest.call(this, request);
  // A request that expects no answer has left the map already.
  if (this.timeoutChecksOn && this.inflight.get(request.correlationId) === request) armAt(this, deadlineOf(request));
}

function destroy(this: RequestQueueInstance): void {
  original.destroy.call(this);
  this.timeoutChecksOn = false;
  if (this.timeoutTimer) clearTimeout(this.timeoutTimer);
  this.timeoutTimer = null;
}

/** Replaces kafkajs 2.2.4's request timeout interval once per process; true when it did (or had). */
export function fixKafkajsRequestTimeoutInterval(): boolean {
  if (applied) return true;
  if (kafkajsVersion !== PATCHED_KAFKAJS_VERSION) return false;
  RequestQueue.prototype.scheduleRequestTimeoutCheck = scheduleRequestTimeoutCheck;
  RequestQueue.prototype.sendSocketRequest = sendSocketRequest;
  RequestQueue.prototype.destroy = destroy;
  applied = true;
  return true;
}
