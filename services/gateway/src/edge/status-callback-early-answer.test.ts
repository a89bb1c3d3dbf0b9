import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { createSilentLogger, PRE_READ_BODY, type EarlyAnswerContext, type RateLimiter, type RateLimitResult } from "@rebound/platform";
import { statusCallbackEarlyAnswer } from "./status-callback-early-answer";

const BASE = "https://rebound.example";
const PATH = "/webhooks/twilio/status";
const SUBACCOUNT = `AC${"a".repeat(32)}`;
const TOKEN = "subaccount-token";

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0, remaining: 10 };

function limiterAnswering(result: RateLimitResult | Error): RateLimiter & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    consume: async (key) => {
      keys.push(key);
      if (result instanceof Error) throw result;
      return result;
    },
    reset: async () => undefined,
    peek: async () => 0,
  };
}

function callback(form: Record<string, string>, options: { token?: string; headers?: Record<string, string>; url?: string } = {}): IncomingMessage {
  const body = Buffer.from(new URLSearchParams(form).toString());
  const req = Readable.from([body]) as unknown as IncomingMessage;
  req.method = "POST";
  req.url = options.url ?? PATH;
  req.headers = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(body.length),
    "x-twilio-signature": getExpectedTwilioSignature(options.token ?? TOKEN, `${BASE}${PATH}`, form),
    ...options.headers,
  };
  return req;
}

interface Outcome {
  answered?: number;
  toApp: boolean;
  headers: Record<string, string>;
  preRead?: Buffer;
}

async function offer(req: IncomingMessage, limiter: RateLimiter = limiterAnswering(ALLOWED)): Promise<Outcome> {
  const answer = statusCallbackEarlyAnswer({
    keys: { tokenFor: async (accountSid) => (accountSid === SUBACCOUNT ? TOKEN : undefined) },
    publicBaseUrl: BASE,
    limiter,
    headers: [["X-Frame-Options", "DENY"]],
    logger: createSilentLogger(),
  });
  const outcome: Outcome = { answered: undefined, toApp: false, headers: {} };
  const res = { setHeader: (name: string, value: string) => void (outcome.headers[name] = value) } as unknown as ServerResponse;
  const context: EarlyAnswerContext = {
    requestId: "req-1",
    clientIp: () => "203.0.113.9",
    answerEmpty: (status) => void (outcome.answered = status),
    toApp: () => void (outcome.toApp = true),
  };
  expect(answer.matches(req)).toBe(true);
  await answer.take(req, res, context);
  outcome.preRead = (req as IncomingMessage & { [PRE_READ_BODY]?: Buffer })[PRE_READ_BODY];
  return outcome;
}

const NO_NEWS = { AccountSid: SUBACCOUNT, MessageSid: "SM1", MessageStatus: "sent" };

describe("the status callback answered before express", () => {
  it("given a signed callback that changes nothing, when it arrives, then 204 with the page headers, the webhook limit counted for its address", async () => {
    const limiter = limiterAnswering(ALLOWED);
    const outcome = await offer(callback(NO_NEWS), limiter);
    expect(outcome).toMatchObject({ answered: 204, toApp: false, headers: { "X-Frame-Options": "DENY" } });
    expect(limiter.keys).toEqual(["203.0.113.9"]);
  });

  it("given a callback with news (delivered, failed) or without a status, when it arrives, then the app gets it with the bytes read", async () => {
    for (const form of [
      { ...NO_NEWS, MessageStatus: "delivered" },
      { ...NO_NEWS, MessageStatus: "failed" },
      { AccountSid: SUBACCOUNT, MessageSid: "SM1" },
    ]) {
      const outcome = await offer(callback(form));
      expect(outcome).toMatchObject({ answered: undefined, toApp: true });
      expect(outcome.preRead?.toString()).toBe(new URLSearchParams(form).toString());
    }
  });

  it("given a forged signature or an account that is not ours, when it arrives, then the app answers it (403 there)", async () => {
    expect(await offer(callback(NO_NEWS, { token: "not-the-token" }))).toMatchObject({ answered: undefined, toApp: true });
    expect(await offer(callback({ ...NO_NEWS, AccountSid: `AC${"b".repeat(32)}` }))).toMatchObject({ answered: undefined, toApp: true });
  });

  it("given the webhook limit refuses or its store fails, when it arrives, then the app answers it (429, or let through there)", async () => {
    expect(await offer(callback(NO_NEWS), limiterAnswering({ allowed: false, retryAfterSeconds: 30, remaining: 0 }))).toMatchObject({ toApp: true });
    expect(await offer(callback(NO_NEWS), limiterAnswering(new Error("store down")))).toMatchObject({ toApp: true });
  });

  it("given no signature, an internal header, JSON, a foreign charset or a body over the limit, when it arrives, then the app gets it unread", async () => {
    const unsigned = callback(NO_NEWS);
    delete unsigned.headers["x-twilio-signature"];
    const cases = [
      unsigned,
      callback(NO_NEWS, { headers: { "x-rebound-user": "someone" } }),
      callback(NO_NEWS, { headers: { "content-type": "application/json" } }),
      callback(NO_NEWS, { headers: { "content-type": "application/x-www-form-urlencoded; charset=latin1" } }),
      callback(NO_NEWS, { headers: { "content-length": String(64 * 1024 + 1) } }),
    ];
    for (const req of cases) expect(await offer(req)).toMatchObject({ answered: undefined, toApp: true, preRead: undefined });
  });

  it("matches a POST to the path itself only: another method or a query string goes to the app", () => {
    const answer = statusCallbackEarlyAnswer({
      keys: { tokenFor: async () => TOKEN },
      publicBaseUrl: BASE,
      limiter: limiterAnswering(ALLOWED),
      headers: [],
      logger: createSilentLogger(),
    });
    const get = callback(NO_NEWS);
    get.method = "GET";
    expect(answer.matches(get)).toBe(false);
    expect(answer.matches(callback(NO_NEWS, { url: `${PATH}?a=1` }))).toBe(false);
    expect(answer.matches(callback(NO_NEWS, { url: "/webhooks/twilio/sms" }))).toBe(false);
  });
});
