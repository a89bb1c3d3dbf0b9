import express, { type ErrorRequestHandler, type Request, type Response } from "express";
import type { AddressInfo } from "node:net";
import { request as httpRequest, type Server } from "node:http";
import { formBody, parseForm, PARAMETER_LIMIT } from "./form-body";

interface Answer {
  status: number;
  body: unknown;
}

let server: Server;
let port: number;
const seenRaw: Buffer[] = [];

beforeAll(async () => {
  const app = express();
  app.post(
    "/form",
    formBody({ limitBytes: 256, verify: (_req, _res, buffer) => void seenRaw.push(buffer) }),
    (req, res) => void res.json({ body: req.body === undefined ? "unset" : { ...(req.body as object) } }),
  );
  const onError: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ type: error.type ?? "unknown" });
  };
  app.use(onError);
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(body: string | Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, method: "POST", path: "/form", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const FORM = "application/x-www-form-urlencoded";
const form = (body: string, contentType = FORM) => post(body, { "content-type": contentType, "content-length": String(Buffer.byteLength(body)) });

describe("formBody", () => {
  it("given a Twilio form, then req.body holds its decoded fields and verify saw the bytes as sent", async () => {
    seenRaw.length = 0;
    const body = "MessageSid=SM1&MessageStatus=delivered&To=%2B15551234567&Body=Hi+there%21";
    const answer = await form(body);
    expect(answer).toEqual({ status: 200, body: { body: { MessageSid: "SM1", MessageStatus: "delivered", To: "+15551234567", Body: "Hi there!" } } });
    expect(seenRaw.map((buffer) => buffer.toString())).toEqual([body]);
  });

  it("given a key twice, then its values are kept in order as an array (as qs does)", async () => {
    expect((await form("a=1&b=2&a=3&a=4")).body).toEqual({ body: { a: ["1", "3", "4"], b: "2" } });
  });

  it("given a charset parameter of UTF-8, then the form is parsed; any other charset is a 415", async () => {
    expect((await form("x=%C3%A9", `${FORM}; charset=UTF-8`)).body).toEqual({ body: { x: "é" } });
    expect(await form("x=1", `${FORM}; charset=iso-8859-1`)).toEqual({ status: 415, body: { type: "charset.unsupported" } });
  });

  it("given a body over the limit, then 413, whether its length is declared or not", async () => {
    expect(await form(`x=${"a".repeat(300)}`)).toEqual({ status: 413, body: { type: "entity.too.large" } });
    const chunked = await post(`x=${"a".repeat(300)}`, { "content-type": FORM, "transfer-encoding": "chunked" });
    expect(chunked).toEqual({ status: 413, body: { type: "entity.too.large" } });
  });

  it("given a compressed body, then 415 (Twilio does not compress its webhooks)", async () => {
    const answer = await post("x=1", { "content-type": FORM, "content-encoding": "gzip", "content-length": "3" });
    expect(answer).toEqual({ status: 415, body: { type: "encoding.unsupported" } });
  });

  it("given another content type, then req.body is left unset", async () => {
    expect((await form('{"x":1}', "application/json")).body).toEqual({ body: "unset" });
  });

  it("given a request without a body (no length, not chunked), then it is not read and req.body is left unset", () => {
    const req = { headers: { "content-type": FORM }, on: jest.fn() } as unknown as Request;
    const next = jest.fn();
    formBody()(req, {} as Response, next);
    expect(next).toHaveBeenCalledWith();
    expect(req.body).toBeUndefined();
    expect(req.on).not.toHaveBeenCalled();
  });

  it("given an empty form with a length of 0, then req.body is an empty object", async () => {
    expect(await form("")).toEqual({ status: 200, body: { body: {} } });
  });

  it("given malformed percent escapes, then the text is kept as URLSearchParams decodes it, never an error", async () => {
    expect((await form("x=%E0%A4%A&y=%zz")).body).toEqual({ body: { x: "\uFFFD%A", y: "%zz" } });
  });
});

describe("parseForm", () => {
  it("given a field named __proto__, then it is an ordinary field and no prototype changes", () => {
    const parsed = parseForm("__proto__=x&constructor=y");
    expect(parsed["__proto__"]).toBe("x");
    expect(parsed["constructor"]).toBe("y");
    expect(({} as Record<string, unknown>)["x"]).toBeUndefined();
  });

  it("given more fields than the limit, then it throws a 413", () => {
    const many = Array.from({ length: PARAMETER_LIMIT + 1 }, (_, index) => `f${index}=1`).join("&");
    expect(() => parseForm(many)).toThrow(expect.objectContaining({ status: 413, type: "parameters.too.many" }));
    expect(Object.keys(parseForm(many.split("&").slice(0, PARAMETER_LIMIT).join("&")))).toHaveLength(PARAMETER_LIMIT);
  });
});
