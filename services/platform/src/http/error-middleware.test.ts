import { z } from "zod";
import { AppError } from "../errors/app-error";
import { createSilentLogger } from "../logging/logger";
import { createHttpApp } from "./create-http-app";
import { startHttpServer, type RunningServer } from "./http-server";
import { parseInput } from "./validate";
import express from "express";

describe("HTTP app", () => {
  let server: RunningServer;
  const logged: unknown[] = [];

  beforeAll(async () => {
    const logger = createSilentLogger();
    logger.error = ((obj: unknown) => {
      logged.push(obj);
    }) as typeof logger.error;
    const app = createHttpApp({
      logger,
      readiness: { db: async () => true },
      mount: (app) => {
        app.use(express.json({ limit: "1kb" }));
        app.get("/conflict", () => {
          throw new AppError("CONFLICT", "Already taken");
        });
        app.post("/validate", (req, res) => {
          res.json(parseInput(z.object({ name: z.string().min(1, "Name is required") }), req.body));
        });
        app.get("/items/:id", (req, res) => {
          res.json({ id: req.params.id });
        });
        app.get("/bug", () => {
          throw new Error("secret internals");
        });
      },
    });
    server = await startHttpServer(app, 0, "127.0.0.1");
  });
  afterAll(() => server.close());

  it("serves health, readiness and metrics", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: "ready", checks: { db: true } });
    expect(await (await fetch(`${server.url}/metrics`)).text()).toContain("http_request_duration_seconds");
  });

  it("answers an AppError with its status, message and code", async () => {
    const res = await fetch(`${server.url}/conflict`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Already taken", code: "CONFLICT" });
  });

  it("answers invalid input with the schema's message on the field", async () => {
    const res = await fetch(`${server.url}/validate`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: { field: string; message: string }[] };
    expect(body.errors[0]?.field).toBe("name");
    expect(body.message).toBe("Invalid input: expected string, received undefined");
  });

  it("answers malformed and oversized JSON with 4xx, not 500", async () => {
    const malformed = await fetch(`${server.url}/validate`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    const large = await fetch(`${server.url}/validate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(5000) }),
    });
    expect(large.status).toBe(413);
  });

  it("answers a malformed percent-encoding in the path as a bad URL, not a bad body", async () => {
    const res = await fetch(`${server.url}/items/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Malformed URL: invalid percent-encoding in the path", code: "BAD_REQUEST" });
  });

  it("hides a bug behind an errorId and logs it", async () => {
    const res = await fetch(`${server.url}/bug`, { headers: { "x-request-id": "bug-1" } });
    const body = (await res.json()) as { message: string; errorId: string };
    expect(res.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain("secret internals");
    // The line names the request itself: without tracing no context follows the request to the logger.
    expect(logged).toContainEqual(expect.objectContaining({ errorId: body.errorId, requestId: "bug-1" }));
  });

  it("answers an unknown path with a JSON 404 and echoes a request id", async () => {
    const res = await fetch(`${server.url}/nope`, { headers: { "x-request-id": "abc-123" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    expect(await res.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
  });
});
