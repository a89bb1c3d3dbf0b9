import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { postText } from "./post-text";

function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => handler(req, body, res));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe("postText", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("given a server, when posting, then it sends the headers and body and answers status and text, on one kept-alive connection", async () => {
    const seen: { type?: string; length?: string; body: string; socket: unknown }[] = [];
    const { server, url } = await listen((req, body, res) => {
      seen.push({ type: req.headers["content-type"], length: req.headers["content-length"], body, socket: req.socket });
      res.statusCode = 201;
      res.end(`got ${body}`);
    });
    servers.push(server);

    const first = await postText(`${url}/hook`, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1&b=é", timeoutMs: 2_000 });
    const second = await postText(`${url}/hook`, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "c=3", timeoutMs: 2_000 });

    expect(first).toEqual({ status: 201, text: "got a=1&b=é" });
    expect(second).toEqual({ status: 201, text: "got c=3" });
    expect(seen[0]).toMatchObject({ type: "application/x-www-form-urlencoded", length: String(Buffer.byteLength("a=1&b=é")), body: "a=1&b=é" });
    expect(seen[1]?.socket).toBe(seen[0]?.socket);
  });

  it("given a server that does not answer in time, when posting, then it rejects with a timeout", async () => {
    const { server, url } = await listen(() => undefined);
    servers.push(server);
    await expect(postText(`${url}/slow`, { headers: {}, body: "x", timeoutMs: 150 })).rejects.toThrow("timed out after 150 ms");
  });

  it("given nothing listening, when posting, then it rejects", async () => {
    const { server, url } = await listen(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    await expect(postText(`${url}/gone`, { headers: {}, body: "x", timeoutMs: 1_000 })).rejects.toThrow(/ECONNREFUSED/);
  });
});
