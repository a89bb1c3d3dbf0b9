import express from "express";
import { IncomingMessage, ServerResponse } from "node:http";
import { expressMessageClasses } from "./express-message-classes";
import { startHttpServer, type RunningServer } from "./http-server";

describe("express's requests and responses born with the app's prototypes", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close(0);
    server = undefined;
  });

  it("given an express app's server, when a request comes, then its request and response already have the app's prototypes and express's helpers work", async () => {
    const app = express();
    const seen: { request?: unknown; response?: unknown; isRequest?: boolean; isResponse?: boolean } = {};
    app.use((req, res, next) => {
      seen.request = Object.getPrototypeOf(req);
      seen.response = Object.getPrototypeOf(res);
      seen.isRequest = req instanceof IncomingMessage;
      seen.isResponse = res instanceof ServerResponse;
      next();
    });
    app.post("/echo/:name", express.json(), (req, res) => void res.status(201).json({ name: req.params.name, body: req.body as unknown, path: req.path }));
    server = await startHttpServer(app, 0, "127.0.0.1");
    const born: unknown[] = [];
    // Before express's own listener: the prototypes node created the messages with.
    server.server.prependListener("request", (req, res) => born.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res)));

    const answer = await fetch(`${server.url}/echo/ada?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });

    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ name: "ada", body: { a: 1 }, path: "/echo/ada" });
    expect(born).toEqual([app.request, app.response]);
    expect(seen.request).toBe(app.request);
    expect(seen.response).toBe(app.response);
    expect([seen.isRequest, seen.isResponse]).toEqual([true, true]);
  });

  it("given a listener that is not an express app, when its classes are asked for, then there are none (node's own are used)", () => {
    expect(expressMessageClasses((_req, res) => res.end())).toBeUndefined();
  });

  it("given the classes of an express app, when node constructs a request and a response, then they are node's messages with the app's prototypes", () => {
    const app = express();
    const classes = expressMessageClasses(app);
    const request = new (classes as NonNullable<typeof classes>).IncomingMessage(null as never);
    const response = new (classes as NonNullable<typeof classes>).ServerResponse(request);

    expect(Object.getPrototypeOf(request)).toBe(app.request);
    expect(Object.getPrototypeOf(response)).toBe(app.response);
    expect(response.statusCode).toBe(200);
    expect(typeof (response as unknown as express.Response).status).toBe("function");
  });
});
