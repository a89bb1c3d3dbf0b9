import type { IncomingMessage } from "node:http";
import { createSilentLogger } from "../logging/logger";
import { createHttpApp } from "./create-http-app";
import { withEarlyAnswers, type EarlyAnswer } from "./early-answer";
import { formBody, PRE_READ_BODY, readWholeBody } from "./form-body";
import { startHttpServer, type RunningServer } from "./http-server";
import { metricsRegistry } from "./metrics";

/** Answers 202 early when the form says so, hands everything else to the app with the body it read. */
const earlyWhenAsked: EarlyAnswer = {
  matches: (req) => req.method === "POST" && req.url === "/early",
  async take(req, _res, context) {
    if (req.headers["x-fail"]) throw new Error("the client went away");
    const body = await readWholeBody(req);
    (req as IncomingMessage & { [PRE_READ_BODY]?: Buffer })[PRE_READ_BODY] = body;
    if (body.toString() === "answer=early") return context.answerEmpty(202);
    context.toApp();
  },
};

async function unmatchedCount(status: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric("http_request_duration_seconds")?.get();
  // A histogram's values carry the name of the series they belong to (_bucket, _sum, _count).
  const values = (metric?.values ?? []) as { metricName?: string; labels: Record<string, string | number>; value: number }[];
  const sample = values.find(
    (value) => value.metricName === "http_request_duration_seconds_count" && value.labels.route === "unmatched" && value.labels.status === status,
  );
  return sample?.value ?? 0;
}

describe("early answers on the HTTP server, before express", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const app = createHttpApp({
      logger: createSilentLogger(),
      mount: (app) => {
        app.post("/early", formBody(), (req, res) => void res.json({ by: "app", body: req.body as unknown, requestId: res.getHeader("x-request-id") }));
        app.post("/other", formBody(), (req, res) => void res.json({ by: "app", body: req.body as unknown }));
      },
    });
    server = await startHttpServer(withEarlyAnswers(app, [earlyWhenAsked], createSilentLogger()), 0, "127.0.0.1");
  });
  afterAll(() => server.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

  it("given a request the early answer takes, when it answers, then the client gets its status, the request id and the request metric", async () => {
    const before = await unmatchedCount("202");
    const response = await post("/early", "answer=early", { "x-request-id": "req-42" });
    expect(response.status).toBe(202);
    expect(response.headers.get("x-request-id")).toBe("req-42");
    expect(await response.text()).toBe("");
    expect(await unmatchedCount("202")).toBe(before + 1);
  });

  it("given a request the early answer hands on after reading its body, when the app parses the form, then it gets the body and the same request id", async () => {
    const response = await post("/early", "answer=app&name=Dana");
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { by: string; body: unknown; requestId: string };
    expect(answer).toMatchObject({ by: "app", body: { answer: "app", name: "Dana" } });
    expect(response.headers.get("x-request-id")).toBe(answer.requestId);
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("given a request no early answer matches, when it arrives, then the app alone answers it", async () => {
    const response = await post("/other", "a=1");
    expect(await response.json()).toEqual({ by: "app", body: { a: "1" } });
    expect((await post("/early?x=1", "answer=early")).status).toBe(200);
  });

  it("given an early answer that fails before it answers, when the request arrives, then 400 instead of a request left hanging", async () => {
    const response = await post("/early", "answer=early", { "x-fail": "1" });
    expect(response.status).toBe(400);
  });

  it("given no early answers, when the listener is built, then it is the app itself", () => {
    const app = createHttpApp({ logger: createSilentLogger(), mount: () => undefined });
    expect(withEarlyAnswers(app, [], createSilentLogger())).toBe(app);
  });
});
