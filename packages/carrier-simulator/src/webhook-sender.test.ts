import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { WebhookSender } from "./webhook-sender";

const AUTH_TOKEN = "simulator-auth-token-0001";

describe("WebhookSender", () => {
  let server: Server;
  let origin: string;
  const received: { path: string; signature: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        received.push({ path: req.url ?? "", signature: String(req.headers["x-twilio-signature"] ?? ""), body });
        res.writeHead(200, { "content-type": "text/xml" }).end("<Response/>");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("given a webhook origin, when posting for the public URL, then it reaches the origin signed for the public URL", async () => {
    const publicUrl = "http://localhost:8080/webhooks/twilio/sms";
    const sender = new WebhookSender(AUTH_TOKEN, 5_000, (url) => url.replace("http://localhost:8080", origin));
    const params = { From: "+14165550123", Body: "Hello" };

    const result = await sender.post(publicUrl, params);

    expect(result.status).toBe(200);
    const last = received.at(-1)!;
    expect(last.path).toBe("/webhooks/twilio/sms");
    expect(twilio.validateRequest(AUTH_TOKEN, last.signature, publicUrl, params)).toBe(true);
    expect(twilio.validateRequest(AUTH_TOKEN, last.signature, `${origin}/webhooks/twilio/sms`, params)).toBe(false);
  });
});
