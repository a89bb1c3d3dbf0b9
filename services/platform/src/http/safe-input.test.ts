import type express from "express";
import { z } from "zod";
import { createSilentLogger } from "../logging/logger";
import { createHttpApp } from "./create-http-app";
import { startHttpServer, type RunningServer } from "./http-server";
import { findUnsafeInput, isSafeText, jsonBody, MAX_JSON_DEPTH, stripUnsafeInput, stripUnsafeText } from "./safe-input";
import { parseInput } from "./validate";

describe("safe text", () => {
  it("rejects C0 controls except tab, LF, CR, DEL and lone surrogates; accepts emoji and accents", () => {
    for (const bad of ["a\u0000b", "\u0001", "x\u001b[31m", "\u007f", "\ud800", "a\udc00b", "\ud83d"]) expect(isSafeText(bad)).toBe(false);
    for (const good of ["", "Joe's Plumbing", "line 1\nline 2\r\n\tend", "Café 😀", "\u00a0"]) expect(isSafeText(good)).toBe(true);
  });

  it("strips carrier text instead of rejecting it", () => {
    expect(stripUnsafeText("+1555\u00000123")).toBe("+15550123");
    expect(stripUnsafeText("hi\ud800")).toBe("hi\ufffd");
    expect(stripUnsafeInput({ Body: "a\u0000b", From: "+1" })).toEqual({ Body: "ab", From: "+1" });
  });

  it("finds the field, unsafe keys, and nesting beyond the bound without recursion", () => {
    expect(findUnsafeInput({ a: { b: ["ok", "x\u0000"] } })).toEqual({ kind: "text", field: "a.b.1" });
    expect(findUnsafeInput({ "k\u0000": 1 })).toEqual({ kind: "text", field: "" });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toEqual({ kind: "depth" });
    let ok: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) ok = { a: ok };
    expect(findUnsafeInput(ok)).toBeNull();
  });

  it("parseInput answers 400 naming the field before the schema sees it", () => {
    expect(() => parseInput(z.object({ name: z.string() }), { name: "a\u0000" })).toThrow("name must not contain control characters or invalid Unicode");
  });
});

describe("jsonBody", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const app = createHttpApp({
      logger: createSilentLogger(),
      mount: (app) => {
        app.post("/echo", ...jsonBody({ limit: "1mb" }), (req: express.Request, res: express.Response) => {
          res.json({ body: req.body as unknown });
        });
      },
    });
    server = await startHttpServer(app, 0, "127.0.0.1");
  });
  afterAll(() => server.close());

  const post = (body: string | Buffer) => fetch(`${server.url}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body });

  it("answers 10,000 levels of nesting with 400, not a 5xx", async () => {
    const res = await post("[".repeat(10_000) + "]".repeat(10_000));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Request body is nested too deeply", code: "BAD_REQUEST" });
    const objects = await post('{"a":'.repeat(10_000) + "1" + "}".repeat(10_000));
    expect(objects.status).toBe(400);
  });

  it("answers NUL, escape sequences and lone surrogates with 400 and a message naming the field", async () => {
    for (const body of ['{"firstName":"a\\u0000"}', '{"firstName":"\\u001b"}', '{"firstName":"\\ud800"}']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "firstName must not contain control characters or invalid Unicode", code: "VALIDATION_FAILED" });
    }
  });

  it("answers invalid UTF-8 bytes (a raw surrogate) with 400 instead of turning them into U+FFFD", async () => {
    const res = await post(Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("invalid Unicode");
  });

  it("lets ordinary text through: multi-line, emoji, accents", async () => {
    const res = await post(JSON.stringify({ message: "Sorry we missed you!\nCall back 😀 Café" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { message: "Sorry we missed you!\nCall back 😀 Café" } });
  });
});
