import { Router, json } from "express";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "../errors/app-error";
import { createSilentLogger } from "../logging/logger";
import { BILLING_PRINCIPAL, GATEWAY_PRINCIPAL, INTERNAL_USER_HEADER, verifyInternalUser } from "./internal-auth";
import { clientErrorCode, clientErrorOf, internalTransport, postInternal, type InternalTransport } from "./internal-call";

const SECRET = "post-internal-test-secret-0123456789";
const logger = createSilentLogger();

/** What the service saw of the last call. */
let seen: { headers: IncomingMessage["headers"]; body: string } | undefined;

/** The same small internal API, served over HTTP and as a router in process. */
function answer(url: string, headers: IncomingMessage["headers"], body: string): { status: number; json?: unknown } {
  seen = { headers, body };
  if (url === "/empty") return { status: 204 };
  if (url === "/refused") return { status: 409, json: { message: "Taken", code: "CONFLICT" } };
  if (url === "/invalid")
    return {
      status: 400,
      json: { message: "Valid email is required", code: "VALIDATION_FAILED", errors: [{ field: "email", message: "Valid email is required" }] },
    };
  if (url === "/broken") return { status: 500, json: { message: "Something went wrong. Please try again.", code: "INTERNAL", errorId: "e1" } };
  return { status: 200, json: { done: true } };
}

function link(upstream: string | Router): InternalTransport {
  return internalTransport(upstream, logger);
}

describe("postInternal: one service calling another's internal API", () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const reply = answer(req.url ?? "", req.headers, body);
        res.writeHead(reply.status, reply.json ? { "content-type": "application/json" } : {});
        res.end(reply.json ? JSON.stringify(reply.json) : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const router = Router();
  router.post("/*path", json(), (req, res) => {
    const reply = answer(req.originalUrl, req.headers, JSON.stringify(req.body));
    if (reply.json) res.status(reply.status).json(reply.json);
    else res.status(reply.status).end();
  });

  const options = { caller: GATEWAY_PRINCIPAL, secret: SECRET, timeoutMs: 5_000, unavailableMessage: "Down for now." };
  const modes = [
    ["over HTTP (distributed)", () => link(url)],
    ["in process (standalone)", () => link(router)],
  ] as const;

  describe.each(modes)("%s", (_mode, linkOf) => {
    it("posts the body as JSON, signed as the caller, with the request id", async () => {
      const answered = await postInternal(linkOf(), "/ok", { a: 1 }, { ...options, requestId: "req-1" });
      expect(answered).toEqual({ ok: true, status: 200, payload: { done: true } });
      expect(JSON.parse(seen!.body)).toEqual({ a: 1 });
      expect(seen!.headers["content-type"]).toBe("application/json");
      expect(seen!.headers["x-request-id"]).toBe("req-1");
      expect(verifyInternalUser(seen!.headers[INTERNAL_USER_HEADER] as string, SECRET)?.id).toBe(GATEWAY_PRINCIPAL.id);
      await postInternal(linkOf(), "/ok", {}, { ...options, caller: BILLING_PRINCIPAL });
      expect(verifyInternalUser(seen!.headers[INTERNAL_USER_HEADER] as string, SECRET)?.id).toBe("service:billing");
    });

    it("gives a service's own client error code back, and {} for an answer without a body", async () => {
      const refused = await postInternal(linkOf(), "/refused", undefined, options);
      expect(refused).toMatchObject({ ok: false, status: 409 });
      expect(clientErrorCode(refused)).toBe("CONFLICT");
      expect(await postInternal(linkOf(), "/empty", {}, options)).toEqual({ ok: true, status: 204, payload: {} });
    });

    it("turns a client error into the same AppError, field errors included, and keeps a 5xx to the caller", async () => {
      const invalid = clientErrorOf(await postInternal(linkOf(), "/invalid", {}, options));
      expect(invalid).toBeInstanceOf(AppError);
      expect(invalid).toMatchObject({
        code: "VALIDATION_FAILED",
        httpStatus: 400,
        message: "Valid email is required",
        fields: [{ field: "email", message: "Valid email is required" }],
      });
      expect(clientErrorOf(await postInternal(linkOf(), "/broken", {}, options))).toBeUndefined();
    });
  });

  it("in process, a path no route answers is the platform's JSON 404, and a thrown error its {message, code}", async () => {
    const thrower = Router();
    thrower.post("/boom", () => {
      throw new AppError("CONFLICT", "Taken");
    });
    expect(await postInternal(link(thrower), "/boom", {}, options)).toEqual({ ok: false, status: 409, payload: { message: "Taken", code: "CONFLICT" } });
    expect(await postInternal(link(thrower), "/nothing", {}, options)).toEqual({
      ok: false,
      status: 404,
      payload: { message: "Not found", code: "NOT_FOUND" },
    });
  });

  it("answers 503 with the caller's message when the service cannot be reached, or has no transport", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    for (const unreachable of [link(`http://127.0.0.1:${port}`), undefined]) {
      const failure = await postInternal(unreachable, "/x", {}, options).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code: "UNAVAILABLE", message: "Down for now." });
    }
  });
});
