import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  signature: string | undefined;
  params: Record<string, string>;
}

/**
 * Test helper: plays our gateway for the simulator. Records every webhook and
 * answers with the TwiML the test sets per path.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly answers = new Map<string, string>();
  private server?: Server;
  url = "";

  async start(): Promise<this> {
    const app = express();
    app.post("/webhooks/twilio/:kind", express.urlencoded({ extended: false }), (req, res) => {
      this.received.push({ path: req.path, signature: req.header("x-twilio-signature"), params: req.body as Record<string, string> });
      res.type("text/xml").send(this.answers.get(req.path) ?? "<Response/>");
    });
    this.server = createServer(app);
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((webhook) => webhook.path === path);
  }

  async waitFor(path: string, count: number, timeoutMs = 2_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.on(path).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhooks on ${path}, got ${this.on(path).length}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return this.on(path);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
