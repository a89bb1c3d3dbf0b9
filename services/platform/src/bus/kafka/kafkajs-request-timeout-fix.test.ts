import { fixKafkajsRequestTimeoutInterval } from "./kafkajs-request-timeout-fix";
import { kafkajsRequestQueue, kafkajsVersion, PATCHED_KAFKAJS_VERSION } from "./kafkajs-request-queue";

// kafkajs's request queue, as its broker connections create it.
const RequestQueue = kafkajsRequestQueue as new (options: object) => Queue;

interface Entry {
  correlationId: number;
  apiName: string;
  apiKey: number;
  apiVersion: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Queue {
  inflight: Map<number, unknown>;
  requestTimeoutIntervalId?: unknown;
  timeoutTimer?: unknown;
  push(request: { entry: Entry; expectResponse: boolean; sendRequest: () => void; requestTimeout?: number }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  scheduleRequestTimeoutCheck(): void;
  destroy(): void;
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function queue(requestTimeout: number, connected = () => true): Queue {
  const q = new RequestQueue({ requestTimeout, enforceRequestTimeout: true, clientId: "test", broker: "b:9092", logger: silent, isConnected: connected });
  q.scheduleRequestTimeoutCheck(); // as the connection does once its socket connects
  return q;
}

/** Pushes a request; its promise settles with the answer or the timeout error. */
function send(q: Queue, correlationId: number, options: { expectResponse?: boolean; requestTimeout?: number } = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const entry = { correlationId, apiName: "Fetch", apiKey: 1, apiVersion: 11, resolve, reject };
    q.push({ entry, expectResponse: options.expectResponse ?? true, sendRequest: () => undefined, requestTimeout: options.requestTimeout });
  });
}

const answer = (q: Queue, correlationId: number) => q.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 });

describe("kafkajs request timeout fix", () => {
  beforeAll(() => {
    // Fails when kafkajs moves on: check whether the new version still checks on an interval, then update or drop the fix.
    expect(kafkajsVersion).toBe(PATCHED_KAFKAJS_VERSION);
    expect(fixKafkajsRequestTimeoutInterval()).toBe(true);
  });

  it("given a connected queue with nothing in flight, then no interval and no timer runs", () => {
    const q = queue(30_000);
    expect(q.requestTimeoutIntervalId).toBeUndefined();
    expect(q.timeoutTimer ?? null).toBeNull();
    q.destroy();
  });

  it("given a request that is not answered in time, then it fails with kafkajs's timeout error once its time is up", async () => {
    const q = queue(60);
    const sentAt = Date.now();
    const outcome = send(q, 1).then(
      () => "answered",
      (error: Error) => error,
    );
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("KafkaJSRequestTimeoutError");
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(60);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(q.inflight.size).toBe(0);
    q.destroy();
  });

  it("given requests answered in time, then none times out and the timer goes quiet with nothing in flight", async () => {
    const q = queue(80);
    const first = send(q, 1);
    const second = send(q, 2);
    await pause(20);
    answer(q, 1);
    answer(q, 2);
    await expect(first).resolves.toBeDefined();
    await expect(second).resolves.toBeDefined();
    await pause(120); // past both deadlines: the armed timer fires once, finds nothing, arms nothing
    expect(q.timeoutTimer ?? null).toBeNull();
    q.destroy();
  });

  it("given a later request with a shorter timeout, then the shorter one times out at its own deadline", async () => {
    const q = queue(50);
    const long = send(q, 1, { requestTimeout: 5_000 }); // a fetch's own, longer timeout
    const sentAt = Date.now();
    const short = send(q, 2).catch((error: Error) => error);
    const error = await short;
    expect((error as Error).name).toBe("KafkaJSRequestTimeoutError");
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(q.inflight.size).toBe(1);
    answer(q, 1);
    await expect(long).resolves.toBeDefined();
    q.destroy();
  });

  it("given a request that expects no answer, then nothing is armed for it", () => {
    const q = queue(50);
    void send(q, 1, { expectResponse: false });
    expect(q.inflight.size).toBe(0);
    expect(q.timeoutTimer ?? null).toBeNull();
    q.destroy();
  });

  it("given the connection closed while a request is out, then the check stops without timing it out", async () => {
    let connected = true;
    const q = queue(40, () => connected);
    let settled = false;
    void send(q, 1).then(
      () => (settled = true),
      () => (settled = true),
    );
    connected = false;
    await pause(100);
    // kafkajs's interval did the same: destroy, and the connection's own close rejects what is out.
    expect(settled).toBe(false);
    expect(q.timeoutTimer ?? null).toBeNull();
    q.destroy();
  });

  it("given destroy, then an armed timer is cleared and later sends arm nothing until the connection checks again", async () => {
    const q = queue(40);
    void send(q, 1).catch(() => undefined);
    q.destroy();
    expect(q.timeoutTimer ?? null).toBeNull();
    let settled = false;
    void send(q, 2).then(
      () => (settled = true),
      () => (settled = true),
    );
    await pause(100);
    expect(settled).toBe(false);
    q.scheduleRequestTimeoutCheck(); // a reconnect: both requests are timed again
    await pause(100);
    expect(settled).toBe(true);
    q.destroy();
  });
});
