import { AppError, INTERNAL_USER_HEADER, verifyInternalUser } from "@rebound/platform";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { clientErrorCode, GATEWAY_PRINCIPAL, postInternal } from "./post-internal";

const SECRET = "post-internal-test-secret-0123456789";

describe("postInternal", () => {
  let server: Server;
  let url: string;
  let seen: { headers: IncomingMessage["headers"]; body: string } | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen = { headers: req.headers, body };
        if (req.url === "/empty") return res.writeHead(204).end();
        res.writeHead(req.url === "/refused" ? 409 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify(req.url === "/refused" ? { message: "Taken", code: "CONFLICT" } : { done: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const options = { secret: SECRET, timeoutMs: 5_000, unavailableMessage: "Down for now." };

  it("posts the body as JSON, signed as the gateway, with the request id", async () => {
    const answer = await postInternal(`${url}/ok`, { a: 1 }, { ...options, requestId: "req-1" });
    expect(answer).toEqual({ ok: true, status: 200, payload: { done: true } });
    expect(JSON.parse(seen!.body)).toEqual({ a: 1 });
    expect(seen!.headers["x-request-id"]).toBe("req-1");
    expect(verifyInternalUser(seen!.headers[INTERNAL_USER_HEADER] as string, SECRET)?.id).toBe(GATEWAY_PRINCIPAL.id);
  });

  it("gives a service's own client error code back, and {} for an answer without a body", async () => {
    const refused = await postInternal(`${url}/refused`, undefined, options);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(clientErrorCode(refused)).toBe("CONFLICT");
    expect(clientErrorCode({ ok: false, status: 500, payload: { code: "CONFLICT" } })).toBeUndefined();
    expect(clientErrorCode({ ok: false, status: 400, payload: { code: "NOT_OURS" } })).toBeUndefined();
    expect(await postInternal(`${url}/empty`, {}, options)).toEqual({ ok: true, status: 204, payload: {} });
  });

  it("answers 503 with the caller's message when the service cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await postInternal(`http://127.0.0.1:${port}/x`, {}, options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "UNAVAILABLE", message: "Down for now." });
  });
});
